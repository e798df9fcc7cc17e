import { useCallback, useState, type ButtonHTMLAttributes, type MouseEvent } from "react";
import { useSearchParams } from "react-router";

/**
 * One open item at a time, starting from the ?{param}= query value. The
 * toggles are submit buttons of a GET form, so without JavaScript a click
 * reloads the page with that item open; with it, the click only changes state.
 */
export function useSelection(param: string) {
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(() => searchParams.get(param) || null);
  const toggle = useCallback((key: string) => setSelected((current) => (current === key ? null : key)), []);
  return [selected, toggle] as const;
}

interface ToggleOptions {
  param: string;
  value: string;
  selected: boolean;
  /** The id of the panel the button opens. */
  controls: string;
  onToggle: (value: string) => void;
}

/** Props for a button that opens a panel (and closes it when pressed again). */
export function toggleButtonProps({ param, value, selected, controls, onToggle }: ToggleOptions): ButtonHTMLAttributes<HTMLButtonElement> {
  return {
    type: "submit",
    name: param,
    value: selected ? "" : value,
    "aria-expanded": selected,
    "aria-controls": controls,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      onToggle(value);
    },
  };
}
