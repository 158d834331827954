import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_VERIFY_MS, AUTO_VERIFY_PASTE_MS, CodeInput, EMPTY_CODE } from './CodeInput';

function Harness({
  onComplete,
  initial = EMPTY_CODE,
}: {
  onComplete: (code: string) => void;
  initial?: readonly string[];
}) {
  const [digits, setDigits] = useState<readonly string[]>(initial);
  return (
    <>
      <CodeInput digits={digits} onChange={setDigits} onComplete={onComplete} />
      <button type="button" onClick={() => setDigits(EMPTY_CODE)}>
        Borrar
      </button>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Dígito ${n}`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('');
const paste = (target: HTMLElement, text: string) =>
  fireEvent.paste(target, { clipboardData: { getData: () => text } });

describe('CodeInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has six labelled numeric boxes; only the first offers one-time-code autofill', () => {
    render(<Harness onComplete={() => {}} />);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    boxes.forEach((b, i) => {
      expect(b.getAttribute('aria-label')).toBe(`Dígito ${i + 1}`);
      expect(b.getAttribute('inputmode')).toBe('numeric');
    });
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(2).getAttribute('autocomplete')).toBe('off');
  });

  it('moves forward as digits are typed and ignores anything that is not a digit', () => {
    render(<Harness onComplete={() => {}} />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'a' } });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '7' } });
    expect(values()).toBe('47');
    expect(document.activeElement).toBe(box(3));
  });

  it('Backspace in an empty box clears and focuses the previous one', () => {
    render(<Harness onComplete={() => {}} initial={['1', '2', '3', '', '', '']} />);
    box(4).focus();
    fireEvent.keyDown(box(4), { key: 'Backspace' });
    expect(values()).toBe('12');
    expect(document.activeElement).toBe(box(3));
  });

  it('fires 200 ms after the sixth typed digit, not before', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    '93051'.split('').forEach((d, i) => fireEvent.change(box(i + 1), { target: { value: d } }));
    vi.advanceTimersByTime(1000);
    expect(onComplete).not.toHaveBeenCalled();

    fireEvent.change(box(6), { target: { value: '8' } });
    act(() => vi.advanceTimersByTime(AUTO_VERIFY_MS - 1));
    expect(onComplete).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('930518');
    expect(AUTO_VERIFY_MS).toBe(200);
  });

  it('pasting six digits fills every box and fires after 300 ms', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    paste(box(3), 'Tu código: 482 913');
    expect(values()).toBe('482913');
    expect(document.activeElement).toBe(box(6));
    act(() => vi.advanceTimersByTime(AUTO_VERIFY_PASTE_MS - 1));
    expect(onComplete).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onComplete).toHaveBeenCalledWith('482913');
    expect(AUTO_VERIFY_PASTE_MS).toBe(300);
  });

  it('a shorter paste fills from the box it lands in', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    paste(box(2), '55');
    expect(box(1).value).toBe('');
    expect(box(2).value).toBe('5');
    expect(box(3).value).toBe('5');
    expect(document.activeElement).toBe(box(4));
    act(() => vi.advanceTimersByTime(1000));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('spreads a whole code autofilled into the first box', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '120934' } });
    expect(values()).toBe('120934');
    act(() => vi.advanceTimersByTime(AUTO_VERIFY_PASTE_MS));
    expect(onComplete).toHaveBeenCalledWith('120934');
  });

  it('a digit removed or the boxes cleared before the delay cancels the verification', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    paste(box(1), '111111');
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(box(6), { target: { value: '' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onComplete).not.toHaveBeenCalled();

    paste(box(1), '222222');
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(onComplete).not.toHaveBeenCalled();
    expect(values()).toBe('');
  });
});
