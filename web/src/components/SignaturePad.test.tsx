import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignaturePad } from './SignaturePad';

const PNG = 'data:image/png;base64,AAAA';

/** What a 2D context was asked to do, by method name, and the pen it was last given. */
interface FakeContext {
  calls: { name: string; args: unknown[] }[];
  strokeStyle: string;
  lineWidth: number;
  count: (name: string) => number;
}

// jsdom has no 2D context: each canvas gets a recorder, so the tests can tell the visible canvas's
// drawing from the offscreen one the PNG is exported from.
const contexts = new Map<HTMLCanvasElement, FakeContext>();
/** The canvases toDataURL was called on, in order. */
let exported: HTMLCanvasElement[] = [];
let rect = { left: 10, top: 20, width: 300, height: 180 };

function fakeContext(): FakeContext {
  const record: FakeContext = {
    calls: [],
    strokeStyle: '',
    lineWidth: 1,
    count: (name) => record.calls.filter((c) => c.name === name).length,
  };
  const methods = [
    'arc',
    'beginPath',
    'clearRect',
    'fill',
    'lineTo',
    'moveTo',
    'quadraticCurveTo',
    'restore',
    'save',
    'scale',
    'setTransform',
    'stroke',
  ];
  for (const name of methods) {
    Object.assign(record, { [name]: (...args: unknown[]) => record.calls.push({ name, args }) });
  }
  return record;
}

beforeEach(() => {
  contexts.clear();
  exported = [];
  rect = { left: 10, top: 20, width: 300, height: 180 };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    if (!contexts.has(this)) contexts.set(this, fakeContext());
    return contexts.get(this) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    exported.push(this);
    return PNG;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        ...rect,
        x: rect.left,
        y: rect.top,
        right: rect.left + rect.width,
        bottom: rect.top + rect.height,
        toJSON: () => rect,
      }) as DOMRect,
  );
  // jsdom has neither; the component captures the pointer so a stroke survives leaving the box.
  HTMLCanvasElement.prototype.setPointerCapture = vi.fn();
  HTMLCanvasElement.prototype.releasePointerCapture = vi.fn();
  vi.stubGlobal('devicePixelRatio', 1);
});

const canvasOf = () =>
  screen.getByRole('img', { name: 'Firma del cliente, recuadro para firmar' }) as HTMLCanvasElement;
const liveRegion = () => screen.getByRole('status');

/** A finger down at (x, y) in page coordinates, moved through the points, and lifted. */
function sign(canvas: HTMLElement, points: [number, number][], pointerId = 1) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { clientX: first![0], clientY: first![1], pointerId, pointerType: 'touch' });
  for (const [clientX, clientY] of rest) fireEvent.pointerMove(canvas, { clientX, clientY, pointerId });
  const last = points[points.length - 1]!;
  fireEvent.pointerUp(canvas, { clientX: last[0], clientY: last[1], pointerId });
}

describe('SignaturePad', () => {
  it('shows the label, the box, the hint and a Borrar button, unsigned', () => {
    render(<SignaturePad label="Firma del cliente" onChange={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Firma del cliente' })).toBeTruthy();
    expect(screen.getByText('Firma del cliente')).toBeTruthy();
    expect(canvasOf().tagName).toBe('CANVAS');
    expect(screen.getByText('Firme con el dedo dentro del recuadro')).toBeTruthy();
    const clear = screen.getByRole('button', { name: 'Borrar' });
    expect(clear.getAttribute('type')).toBe('button');
    expect(liveRegion().getAttribute('aria-live')).toBe('polite');
    expect(liveRegion().className).toContain('sr-only');
    expect(liveRegion().textContent).toBe('Sin firmar');
  });

  it('a stroke reports a PNG, draws curves on the canvas and announces Firmado', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    sign(canvas, [
      [30, 60],
      [50, 80],
      [80, 90],
      [120, 70],
    ]);

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(PNG);
    expect(HTMLCanvasElement.prototype.toDataURL).toHaveBeenCalledWith('image/png');
    expect(canvas.setPointerCapture).toHaveBeenCalledWith(1);
    expect(liveRegion().textContent).toBe('Firmado');

    const screenCtx = contexts.get(canvas)!;
    expect(screenCtx.lineWidth).toBe(2.5);
    expect(screenCtx.count('quadraticCurveTo')).toBe(3);
    // Points are relative to the canvas's corner (10, 20), not the page.
    expect(screenCtx.calls.find((c) => c.name === 'arc')?.args.slice(0, 2)).toEqual([20, 40]);
  });

  it('exports from an offscreen canvas at 1× the CSS size, never the on-screen bitmap', () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    expect([canvas.width, canvas.height]).toEqual([600, 360]);
    sign(canvas, [
      [30, 60],
      [90, 100],
    ]);

    expect(exported).toHaveLength(1);
    const out = exported[0]!;
    expect(out).not.toBe(canvas);
    expect([out.width, out.height]).toEqual([300, 180]);
    // The offscreen canvas replays the stroke: its dot, its curve and its tail.
    const outCtx = contexts.get(out)!;
    expect(outCtx.count('arc')).toBe(1);
    expect(outCtx.count('quadraticCurveTo')).toBe(1);
    expect(outCtx.count('lineTo')).toBe(1);
  });

  it('caps the backing store at 2× and downscales a wide pad to 600 px for the PNG', () => {
    vi.stubGlobal('devicePixelRatio', 3);
    rect = { left: 0, top: 0, width: 1000, height: 180 };
    render(<SignaturePad label="Firma del cliente" onChange={vi.fn()} />);
    const canvas = canvasOf();
    expect([canvas.width, canvas.height]).toEqual([2000, 360]);
    sign(canvas, [
      [100, 50],
      [400, 120],
    ]);
    expect([exported[0]!.width, exported[0]!.height]).toEqual([600, 108]);
  });

  it('a tap with no movement still counts as a stroke', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    sign(canvasOf(), [[40, 40]]);
    expect(onChange).toHaveBeenCalledWith(PNG);
    expect(contexts.get(canvasOf())!.count('arc')).toBe(1);
    expect(liveRegion().textContent).toBe('Firmado');
  });

  it('reads the ink from the --color-text token', () => {
    document.documentElement.style.setProperty('--color-text', 'slategray');
    try {
      render(<SignaturePad label="Firma del cliente" onChange={vi.fn()} />);
      sign(canvasOf(), [
        [30, 60],
        [60, 70],
      ]);
      expect(contexts.get(canvasOf())!.strokeStyle).toBe('slategray');
      expect(contexts.get(exported[0]!)!.strokeStyle).toBe('slategray');
    } finally {
      document.documentElement.style.removeProperty('--color-text');
    }
  });

  it('Borrar clears the drawing, reports null and announces Sin firmar', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    sign(canvas, [
      [30, 60],
      [60, 70],
    ]);
    expect(liveRegion().textContent).toBe('Firmado');

    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(contexts.get(canvas)!.count('clearRect')).toBe(1);
    expect(liveRegion().textContent).toBe('Sin firmar');

    // The next signature starts from nothing: the PNG holds only the new stroke.
    sign(canvas, [
      [100, 100],
      [120, 110],
    ]);
    expect(onChange).toHaveBeenLastCalledWith(PNG);
    expect(contexts.get(exported[1]!)!.count('arc')).toBe(1);
    expect(liveRegion().textContent).toBe('Firmado');
  });

  it('every stroke reports the whole drawing so far', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    sign(canvas, [
      [30, 60],
      [60, 70],
    ]);
    sign(
      canvas,
      [
        [80, 60],
        [90, 90],
      ],
      2,
    );
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(contexts.get(exported[1]!)!.count('arc')).toBe(2);
  });

  it('a second finger on the glass does not start another stroke', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    fireEvent.pointerDown(canvas, { clientX: 30, clientY: 60, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerDown(canvas, { clientX: 200, clientY: 60, pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerMove(canvas, { clientX: 210, clientY: 80, pointerId: 2 });
    fireEvent.pointerUp(canvas, { clientX: 210, clientY: 80, pointerId: 2 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(canvas, { clientX: 30, clientY: 60, pointerId: 1 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(contexts.get(canvas)!.count('arc')).toBe(1);
  });

  it('a cancelled pointer ends the stroke and keeps it', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    fireEvent.pointerDown(canvas, { clientX: 30, clientY: 60, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(canvas, { clientX: 60, clientY: 80, pointerId: 1 });
    fireEvent.pointerCancel(canvas, { pointerId: 1 });
    expect(onChange).toHaveBeenCalledWith(PNG);
    expect(liveRegion().textContent).toBe('Firmado');
  });

  it('disabled ignores pointer input and Borrar', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} disabled />);
    const canvas = canvasOf();
    sign(canvas, [
      [30, 60],
      [60, 70],
    ]);
    expect(onChange).not.toHaveBeenCalled();
    expect(canvas.setPointerCapture).not.toHaveBeenCalled();
    expect(contexts.get(canvas)?.count('arc') ?? 0).toBe(0);
    expect(liveRegion().textContent).toBe('Sin firmar');
    const clear = screen.getByRole('button', { name: 'Borrar' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    expect(canvas.closest('.signature-pad')?.className).toContain('signature-pad--disabled');
  });

  it('a mouse draws with its main button only', () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    fireEvent.pointerDown(canvas, { clientX: 30, clientY: 60, pointerId: 1, pointerType: 'mouse', button: 2 });
    fireEvent.pointerUp(canvas, { clientX: 30, clientY: 60, pointerId: 1 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerDown(canvas, { clientX: 30, clientY: 60, pointerId: 1, pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(canvas, { clientX: 30, clientY: 60, pointerId: 1 });
    expect(onChange).toHaveBeenCalledWith(PNG);
  });

  it('a new width resizes the bitmap and clears the drawing instead of stretching it', () => {
    let resized: () => void = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    sign(canvas, [
      [30, 60],
      [60, 70],
    ]);
    expect(liveRegion().textContent).toBe('Firmado');

    // The observer's first report, with the size the pad already has, changes nothing.
    act(() => resized());
    expect(onChange).toHaveBeenCalledTimes(1);

    rect = { ...rect, width: 340 };
    act(() => resized());
    expect(canvas.width).toBe(340);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(liveRegion().textContent).toBe('Sin firmar');
  });

  it('without ResizeObserver it follows the window resizing', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const onChange = vi.fn();
    render(<SignaturePad label="Firma del cliente" onChange={onChange} />);
    const canvas = canvasOf();
    sign(canvas, [[30, 60]]);
    rect = { ...rect, width: 250 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(canvas.width).toBe(250);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
