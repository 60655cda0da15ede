import { useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';

type FrequencyBarsProps = {
  /** The live input; `null` shows an empty canvas. */
  analyser: AnalyserNode | null;
  /** Spec point 9: the mic test canvas is 200 by 50 pixels. */
  width?: number;
  height?: number;
  label?: string;
};

/**
 * Redraws at most this often. A level meter reads as live at 20 frames a second, and every redraw
 * costs a repaint: at 60 a second the meter took CPU the recording's transcription needs on a
 * small machine (the clinician's laptop runs the page while a recording goes on for half an hour).
 */
const REDRAW_INTERVAL_MS = 50;

/** A live frequency-bar graph of an audio input. */
export function FrequencyBars({
  analyser,
  width = 200,
  height = 50,
  label = 'Microphone input level',
}: FrequencyBarsProps) {
  const theme = useMantineTheme();
  const color = theme.colors[theme.primaryColor]?.[6] ?? theme.black;
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // No drawing context is asked for while idle: there is nothing to draw.
    if (!canvas || !analyser) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const levels = new Uint8Array(analyser.frequencyBinCount);
    // Speech sits in the lower bins, so the bars cover the lower 40% of the spectrum.
    const barWidth = (canvas.width / levels.length) * 2.5;
    let frame = 0;
    let drawnAt = -Infinity;

    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      if (now - drawnAt < REDRAW_INTERVAL_MS) return;
      drawnAt = now;
      analyser.getByteFrequencyData(levels);
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = color;
      for (let index = 0, x = 0; index < levels.length && x < canvas.width; index += 1) {
        const barHeight = ((levels[index] ?? 0) / 255) * canvas.height;
        context.fillRect(x, canvas.height - barHeight, Math.max(barWidth - 1, 1), barHeight);
        x += barWidth;
      }
    };
    draw(performance.now());

    return () => {
      cancelAnimationFrame(frame);
      context.clearRect(0, 0, canvas.width, canvas.height);
    };
  }, [analyser, color]);

  return (
    <canvas
      ref={canvasRef}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      style={{
        width,
        height,
        background: 'var(--mantine-color-gray-1)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    />
  );
}
