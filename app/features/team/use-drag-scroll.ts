import { useEffect, type RefObject } from "react";

/** How far the mouse must move before a press becomes a drag rather than a click. */
const DRAG_THRESHOLD_PX = 6;

/**
 * Lets a mouse drag a horizontal scroller. Touch and pens scroll natively.
 * While dragging, the element carries data-dragging (so CSS can pause snapping).
 */
export function useDragScroll(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let press: { pointerId: number; x: number; scrollLeft: number } | null = null;
    let dragged = false;

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== "mouse" || event.button !== 0) return;
      press = { pointerId: event.pointerId, x: event.clientX, scrollLeft: element.scrollLeft };
      dragged = false;
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.pointerId) return;
      const distance = event.clientX - press.x;
      if (!dragged) {
        if (Math.abs(distance) < DRAG_THRESHOLD_PX) return;
        dragged = true;
        // Capturing only once it is a drag: a plain click still reaches the card under the
        // pointer, while the click ending a drag goes to the scroller and selects nothing.
        element.setPointerCapture(press.pointerId);
        element.dataset.dragging = "true";
      }
      element.scrollLeft = press.scrollLeft - distance;
    };
    const onPointerEnd = () => {
      press = null;
      delete element.dataset.dragging;
    };

    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerup", onPointerEnd);
    element.addEventListener("pointercancel", onPointerEnd);
    return () => {
      element.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerup", onPointerEnd);
      element.removeEventListener("pointercancel", onPointerEnd);
    };
  }, [ref]);
}
