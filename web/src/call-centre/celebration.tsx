import { useEffect, useRef } from 'react';
import { CALL_MESSAGES, CALL_TIMERS } from '#shared/contracts/call-centre.schema';

const COLORS = ['#e76f51', '#f4a261', '#e9c46a', '#2a9d8f', '#2a6f97', '#8ecae6', '#ffffff'];

/** One falling piece of paper. */
interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  angle: number;
  spin: number;
  color: string;
}

/** True when the agent asked the system for less motion (or the browser cannot say). */
function prefersLessMotion(): boolean {
  if (typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** 300 pieces spread over the top of a `width` × `height` canvas, moving down and sideways. */
function makePieces(width: number, height: number): Piece[] {
  return Array.from({ length: CALL_TIMERS.confettiPieces }, (_, i) => ({
    x: Math.random() * width,
    y: -Math.random() * height * 0.6,
    vx: (Math.random() - 0.5) * 2.4,
    vy: 1.6 + Math.random() * 3,
    size: 6 + Math.random() * 6,
    angle: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 0.3,
    color: COLORS[i % COLORS.length]!,
  }));
}

/** Draws confetti on a full-window canvas until unmounted. */
function ConfettiCanvas() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    el.width = window.innerWidth;
    el.height = window.innerHeight;
    const pieces = makePieces(el.width, el.height);
    let frame = 0;
    const draw = () => {
      ctx.clearRect(0, 0, el.width, el.height);
      for (const p of pieces) {
        p.x += p.vx;
        p.y += p.vy;
        p.angle += p.spin;
        if (p.y > el.height + 20) p.y = -20;
        ctx.save();
        ctx.translate(p.x, p.y);
        ctx.rotate(p.angle);
        ctx.fillStyle = p.color;
        ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
        ctx.restore();
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="cc-confetti__canvas" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}

/**
 * The sign-up celebration (spec §2 "a confetti NICE JOB! celebration for 6 seconds after a
 * sign-up"): 300 pieces of confetti for 6 s, then `onDone`. Clicks pass through, so the agent can
 * carry on; with reduced motion only the words show. Announced to screen readers.
 */
export function Celebration({ onDone }: { onDone: () => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => done.current(), CALL_TIMERS.confettiMs);
    return () => clearTimeout(timer);
  }, []);
  const animate = !prefersLessMotion();
  return (
    <div className="cc-confetti">
      {animate && <ConfettiCanvas />}
      <p className={`cc-confetti__text${animate ? ' cc-confetti__text--pop' : ''}`} role="status">
        {CALL_MESSAGES.niceJob}
      </p>
    </div>
  );
}
