import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { FormField } from "~/components/ui/form-field";
import { ResponsivePicture } from "~/components/responsive-picture";
import { buildPictureSources, focalObjectPosition, type PictureImage } from "./media";

type UploadedImage = Extract<PictureImage, { kind: "upload" }>;

const STEP = 0.01;
const BIG_STEP = 0.05;
// Hundredths: fine enough for a subject, and what the fields' step accepts (a finer value would fail the browser's check).
const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
const asFraction = (text: string, otherwise: number) => {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? round(value) : round(otherwise);
};

/** The frames pages crop to, shown so staff see what the focal point keeps. */
const PREVIEW_FRAMES = [
  { label: "Wide (16:9)", className: "aspect-video" },
  { label: "Square", className: "aspect-square" },
  { label: "Portrait (4:5)", className: "aspect-[4/5]" },
];

/**
 * Where the subject of a photo is. Click (or tap) the picture, or focus it and use the arrow
 * keys (Shift for bigger steps), or type the numbers: x and y from 0 (left, top) to 1 (right,
 * bottom). The two number fields are the form's values, so it works without JavaScript too.
 * Nothing is cropped: pages frame the picture around this point with object-position.
 */
export function FocalPointPicker({
  image,
  defaultX,
  defaultY,
  errors,
}: {
  image: UploadedImage;
  defaultX: number;
  defaultY: number;
  errors?: { focalX?: string; focalY?: string };
}) {
  // The fields' text as typed ("0." on the way to "0.45"); the marker reads it as a number.
  const [typed, setTyped] = useState({ x: String(round(defaultX)), y: String(round(defaultY)) });
  const point = { x: asFraction(typed.x, defaultX), y: asFraction(typed.y, defaultY) };
  const move = (x: number, y: number) => setTyped({ x: String(round(x)), y: String(round(y)) });
  const thumbnail = buildPictureSources(image.variants).fallbackSrc;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard "click" (Enter, Space) has no pointer position: keep the point.
    if (event.detail === 0 || box.width === 0 || box.height === 0) return;
    move((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move(point.x + delta[0], point.y + delta[1]);
  };

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-medium text-text">Focal point</legend>
      <p id="focal-help" className="text-xs text-muted">
        Click the subject, or focus the picture and use the arrow keys (Shift moves further). Crops on the site keep this point in view.
      </p>
      <button
        type="button"
        onClick={onClick}
        onKeyDown={onKeyDown}
        aria-describedby="focal-help"
        aria-label={`Focal point at ${Math.round(point.x * 100)}% across, ${Math.round(point.y * 100)}% down. Click or use the arrow keys to move it.`}
        className="relative block w-full max-w-xl cursor-crosshair overflow-hidden rounded-card border border-line"
        data-testid="focal-point-target"
      >
        <ResponsivePicture image={image} sizes="(min-width: 40rem) 36rem, 100vw" className="block h-auto w-full" />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent/60 shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
        />
      </button>
      <div className="grid max-w-xl grid-cols-2 gap-3">
        <FormField
          label="Across (x, 0–1)"
          name="focalX"
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={STEP}
          required
          value={typed.x}
          onChange={(event) => setTyped((current) => ({ ...current, x: event.target.value }))}
          error={errors?.focalX}
        />
        <FormField
          label="Down (y, 0–1)"
          name="focalY"
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={STEP}
          required
          value={typed.y}
          onChange={(event) => setTyped((current) => ({ ...current, y: event.target.value }))}
          error={errors?.focalY}
        />
      </div>
      <div className="grid max-w-xl grid-cols-3 gap-3" aria-label="How crops will look">
        {PREVIEW_FRAMES.map((frame) => (
          <figure key={frame.label} className="flex flex-col gap-1">
            <img
              src={thumbnail}
              alt=""
              className={`${frame.className} w-full rounded border border-line object-cover`}
              style={{ objectPosition: focalObjectPosition(point.x, point.y) }}
            />
            <figcaption className="text-xs text-muted">{frame.label}</figcaption>
          </figure>
        ))}
      </div>
    </fieldset>
  );
}
