import { SIGNATURE_MAX_CHARS } from '@dispatch/domain';
import { Eraser } from 'lucide-react';
import { type RefObject, useEffect, useId, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';

/** What the signing form asks of the pad. */
export interface SignaturePadController {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  toDataUrl(): string | null;
  clear(): void;
}

/**
 * Sizes the canvas's pixels to its box times the screen's pixel ratio, so strokes are sharp on
 * phones, and draws what was there again (a rotated phone keeps the signature).
 */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad) {
  const { width, height } = canvas.getBoundingClientRect();
  if (!width || !height) return;
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const pixels = { width: Math.round(width * ratio), height: Math.round(height * ratio) };
  if (canvas.width === pixels.width && canvas.height === pixels.height) return;
  const strokes = pad.toData();
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  if (strokes.length) pad.fromData(strokes);
}

/** The drawing at up to twice its on-screen size: sharp in the PDF, well under the size the API takes. */
function exportPng(canvas: HTMLCanvasElement): string {
  const { width, height } = canvas.getBoundingClientRect();
  for (const scale of [2, 1]) {
    const out = document.createElement('canvas');
    out.width = Math.round(width * scale);
    out.height = Math.round(height * scale);
    out.getContext('2d')?.drawImage(canvas, 0, 0, out.width, out.height);
    const url = out.toDataURL('image/png');
    if (url.length <= SIGNATURE_MAX_CHARS) return url;
  }
  return canvas.toDataURL('image/png');
}

export interface SignaturePadFieldProps {
  controller: RefObject<SignaturePadController | null>;
  /** Called when the drawing starts or is cleared. */
  onChange: (empty: boolean) => void;
  empty: boolean;
  disabled?: boolean;
  error?: string;
}

/** A box to draw a signature in with a finger, a pen or the mouse, and a Clear button. */
export function SignaturePadField({
  controller,
  onChange,
  empty,
  disabled = false,
  error,
}: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Dark ink on the white pad whatever the theme: the PNG goes on a white page.
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    fitCanvas(canvas, pad);
    const observer = new ResizeObserver(() => fitCanvas(canvas, pad));
    observer.observe(canvas);
    const onStroke = () => onChangeRef.current(pad.isEmpty());
    pad.addEventListener('endStroke', onStroke);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  useImperativeHandle(
    controller,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toDataUrl: () => {
        const canvas = canvasRef.current;
        const pad = padRef.current;
        return canvas && pad && !pad.isEmpty() ? exportPng(canvas) : null;
      },
      clear: () => {
        padRef.current?.clear();
        onChangeRef.current(true);
      },
    }),
    [],
  );

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <span id={labelId} className="text-sm font-medium">
          Draw your signature
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled || empty}
          onClick={() => {
            padRef.current?.clear();
            onChange(true);
          }}
        >
          <Eraser aria-hidden />
          Clear
        </Button>
      </div>
      <div
        className={cn(
          'relative overflow-hidden rounded-lg border-2 border-dashed bg-white',
          error ? 'border-destructive' : 'border-input',
          disabled && 'opacity-60',
        )}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          data-testid="signature-pad"
          className="block h-44 w-full cursor-crosshair touch-none sm:h-48"
        />
        {empty ? (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-x-6 bottom-8 border-b border-slate-300 pb-1 text-xs text-slate-400"
          >
            Sign here
          </span>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Use your finger, a pen or the mouse. Without a drawing, your typed name is your signature.
      </p>
      {error ? <p className="text-xs font-medium text-destructive">{error}</p> : null}
    </div>
  );
}
