// The scratchable cover: a canvas over the prize, scratched with a finger, a pen or the mouse
// (pointer events). It reports when about half of it is gone. Decorative for assistive technology:
// the card's "Reveal" button does the same.
import { useEffect, useRef } from 'react';
import { clearedFraction, REVEAL_AT } from '../utils/scratch.ts';

export function ScratchCanvas({ label, onCleared }: { label: string; onCleared: () => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const moves = useRef(0);
  const done = useRef(false);

  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d', { willReadFrequently: true });
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const { width, height } = c.getBoundingClientRect();
    c.width = Math.max(1, Math.round(width * dpr));
    c.height = Math.max(1, Math.round(height * dpr));
    ctx.scale(dpr, dpr);
    const g = ctx.createLinearGradient(0, 0, width, height);
    g.addColorStop(0, '#aeb6bd');
    g.addColorStop(0.5, '#e4e8eb');
    g.addColorStop(1, '#959ea6');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#2f383f';
    ctx.font = '700 18px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, width / 2, height / 2, width - 24);
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = 44;
  }, [label]);

  const ctx = () => ref.current?.getContext('2d', { willReadFrequently: true }) ?? null;
  const at = (e: React.PointerEvent) => {
    const r = ref.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const check = () => {
    const c = ref.current;
    const cx = ctx();
    if (!c || !cx || done.current) return;
    if (clearedFraction(cx.getImageData(0, 0, c.width, c.height).data) >= REVEAL_AT) {
      done.current = true;
      onCleared();
    }
  };
  const line = (to: { x: number; y: number }) => {
    const cx = ctx();
    const from = last.current ?? to;
    if (!cx) return;
    cx.beginPath();
    cx.moveTo(from.x, from.y);
    cx.lineTo(to.x + (from === to ? 0.01 : 0), to.y);
    cx.stroke();
    last.current = to;
  };

  return (
    <canvas
      ref={ref}
      className="gm-scratch-cover"
      aria-hidden="true"
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        last.current = null;
        line(at(e));
      }}
      onPointerMove={(e) => {
        if (!last.current) return;
        line(at(e));
        if (++moves.current % 6 === 0) check();
      }}
      onPointerUp={() => {
        last.current = null;
        check();
      }}
      onPointerCancel={() => {
        last.current = null;
      }}
    />
  );
}
