import { Button } from "~/components/ui/button";
import { useHydrated } from "~/features/news/desk/article-fields";

/** Opens the browser's print dialog; shown only once JavaScript runs (without it, the browser's own Print works). */
export function PrintButton() {
  if (!useHydrated()) return null;
  return (
    <Button type="button" onClick={() => window.print()}>
      Print
    </Button>
  );
}
