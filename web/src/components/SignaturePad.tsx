// The client's and the crew's signature at pickup and delivery, drawn with a finger on the worker's
// phone. The caller gets a small PNG (or null) after every stroke and decides what counts as signed.
import { useEffect, useEffectEvent, useId, useRef, useState, type PointerEvent } from 'react';
import './SignaturePad.css';

interface SignaturePadProps {
  /** Whose signature it is, e.g. 'Firma del cliente'; shown above the box. */
  label: string;
  /** A PNG data URL of the drawing after each stroke, or null once it is cleared. */
  onChange: (png: string | null) => void;
  /** Greys the pad out and ignores drawing and 'Borrar'. */
  disabled?: boolean;
}

interface Point {
  x: number;
  y: number;
}

interface Size {
  width: number;
  height: number;
}

/** In CSS pixels: thick enough to read on a printed waybill, thin enough to look like a pen. */
const LINE_WIDTH = 2.5;
/** Beyond 2× the line looks no sharper, and a 3× phone would triple the memory the bitmap takes. */
const MAX_PIXEL_RATIO = 2;
/** The server takes at most 100 KB; a 600 px wide transparent PNG of a few strokes is far under it. */
const EXPORT_MAX_WIDTH = 600;
/** The body text's token, so the ink follows the design; read at each stroke, as canvas cannot use var(). */
const INK_TOKEN = '--color-text';

/** Falls back to the canvas's text colour where tokens.css is not loaded. */
function inkColour(canvas: HTMLCanvasElement): string {
  const style = getComputedStyle(canvas);
  return style.getPropertyValue(INK_TOKEN).trim() || style.color;
}

function setPen(ctx: CanvasRenderingContext2D, colour: string) {
  ctx.lineWidth = LINE_WIDTH;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
}

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

// A stroke is drawn piece by piece while the finger moves, and replayed whole for the PNG; both go
// through the same three functions so the export looks exactly like what the client saw.

/** A stroke's first point: a tap with no movement still leaves a mark (stroking a zero-length path may not). */
function drawDot(ctx: CanvasRenderingContext2D, p: Point) {
  ctx.beginPath();
  ctx.arc(p.x, p.y, LINE_WIDTH / 2, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The piece that point i settles: a curve through points[i - 1] between the midpoints on either
 * side of it. Curving through midpoints turns the jagged polyline of touch samples into a smooth line.
 */
function drawPiece(ctx: CanvasRenderingContext2D, points: Point[], i: number) {
  const control = points[i - 1]!;
  const start = i === 1 ? control : midpoint(points[i - 2]!, control);
  const end = midpoint(control, points[i]!);
  ctx.beginPath();
  ctx.moveTo(start.x, start.y);
  ctx.quadraticCurveTo(control.x, control.y, end.x, end.y);
  ctx.stroke();
}

/** The last half-segment, which no later point settles, up to where the finger lifted. */
function drawTail(ctx: CanvasRenderingContext2D, points: Point[]) {
  if (points.length < 2) return;
  const last = points[points.length - 1]!;
  const start = midpoint(points[points.length - 2]!, last);
  ctx.beginPath();
  ctx.moveTo(start.x, start.y);
  ctx.lineTo(last.x, last.y);
  ctx.stroke();
}

function drawStroke(ctx: CanvasRenderingContext2D, points: Point[]) {
  if (points.length === 0) return;
  drawDot(ctx, points[0]!);
  for (let i = 1; i < points.length; i++) drawPiece(ctx, points, i);
  drawTail(ctx, points);
}

/**
 * The strokes as a PNG at 1× their CSS size (downscaled past EXPORT_MAX_WIDTH) on a transparent
 * background: the on-screen bitmap is up to 2× and would make the file four times the size.
 */
function exportPng(strokes: Point[][], size: Size, colour: string): string | null {
  const scale = Math.min(1, EXPORT_MAX_WIDTH / size.width);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(size.width * scale));
  out.height = Math.max(1, Math.round(size.height * scale));
  const ctx = out.getContext('2d');
  if (!ctx) return null;
  ctx.scale(scale, scale);
  setPen(ctx, colour);
  for (const stroke of strokes) drawStroke(ctx, stroke);
  return out.toDataURL('image/png');
}

/**
 * A box to sign in with a finger, a pen or the mouse, with a 'Borrar' button. Keyboard users cannot
 * draw in it, but reach 'Borrar'; the live region tells screen reader users whether it is signed.
 */
export function SignaturePad({ label, onChange, disabled = false }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** Finished strokes in CSS pixels from the canvas's corner, replayed for the PNG. */
  const strokesRef = useRef<Point[][]>([]);
  /** The stroke under the finger and its pointer: a second finger on the glass is ignored. */
  const activeRef = useRef<{ pointerId: number; points: Point[]; colour: string } | null>(null);
  /** The canvas's CSS size the bitmap was made for. */
  const sizeRef = useRef<Size | null>(null);
  const [signed, setSigned] = useState(false);
  const id = useId();
  const ids = { label: `signature${id}label`, hint: `signature${id}hint` };

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    strokesRef.current = [];
    activeRef.current = null;
    setSigned(false);
    onChange(null);
  };

  // A drawing stretched to a new width would no longer be the signature the client made: start over.
  const onResized = useEffectEvent(() => {
    activeRef.current = null;
    if (strokesRef.current.length === 0) return;
    strokesRef.current = [];
    setSigned(false);
    onChange(null);
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const rect = canvas.getBoundingClientRect();
      // Hidden (a closed panel): wait until it has a size, the observer will call again.
      if (rect.width === 0 || rect.height === 0) return;
      const size = sizeRef.current;
      if (size && Math.abs(size.width - rect.width) < 0.5 && Math.abs(size.height - rect.height) < 0.5) return;
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      // Setting the size empties the bitmap and resets the context's state, pen included.
      canvas.width = Math.round(rect.width * ratio);
      canvas.height = Math.round(rect.height * ratio);
      sizeRef.current = { width: rect.width, height: rect.height };
      const ctx = canvas.getContext('2d');
      ctx?.setTransform(canvas.width / rect.width, 0, 0, canvas.height / rect.height, 0, 0);
      if (size) onResized();
    };
    fit();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', fit);
      return () => window.removeEventListener('resize', fit);
    }
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const pointAt = (event: { clientX: number; clientY: number }): Point => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || activeRef.current || !sizeRef.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const canvas = event.currentTarget;
    const ctx = context();
    if (!ctx) return;
    event.preventDefault();
    // Keeps the moves coming when the finger slides past the box's edge, so the stroke does not stick.
    canvas.setPointerCapture(event.pointerId);
    const colour = inkColour(canvas);
    const first = pointAt(event);
    activeRef.current = { pointerId: event.pointerId, points: [first], colour };
    setPen(ctx, colour);
    drawDot(ctx, first);
  };

  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const active = activeRef.current;
    if (!active || active.pointerId !== event.pointerId) return;
    const ctx = context();
    if (!ctx) return;
    // Phones deliver one move per frame; the samples in between are what keep a quick curve round.
    const native = event.nativeEvent;
    const samples = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    for (const sample of samples.length > 0 ? samples : [native]) {
      active.points.push(pointAt(sample));
      drawPiece(ctx, active.points, active.points.length - 1);
    }
  };

  // A cancelled pointer (the system took the touch over) keeps what was drawn, as a lifted finger does.
  const handlePointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    const active = activeRef.current;
    const size = sizeRef.current;
    if (!active || active.pointerId !== event.pointerId || !size) return;
    activeRef.current = null;
    const ctx = context();
    if (ctx) drawTail(ctx, active.points);
    strokesRef.current = [...strokesRef.current, active.points];
    setSigned(true);
    onChange(exportPng(strokesRef.current, size, active.colour));
  };

  return (
    <div
      className={`signature-pad${disabled ? ' signature-pad--disabled' : ''}${signed ? ' signature-pad--signed' : ''}`}
      role="group"
      aria-labelledby={ids.label}
    >
      <span id={ids.label} className="signature-pad__label">
        {label}
      </span>
      <div className="signature-pad__box">
        <canvas
          ref={canvasRef}
          className="signature-pad__canvas"
          role="img"
          aria-label={`${label}, recuadro para firmar`}
          aria-describedby={ids.hint}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerEnd}
          onPointerCancel={handlePointerEnd}
        />
      </div>
      <div className="signature-pad__footer">
        <p id={ids.hint} className="signature-pad__hint">
          Firme con el dedo dentro del recuadro
        </p>
        <button type="button" className="button button--ghost signature-pad__clear" onClick={clear} disabled={disabled}>
          Borrar
        </button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {signed ? 'Firmado' : 'Sin firmar'}
      </p>
    </div>
  );
}
