import { useEffect, useState } from "react";
import { useBlocker } from "react-router";

/*
 * The back office's one unsaved-changes warning (issue 13 item 8), used by every desk's edit
 * form. It lives in admin code only, so it never reaches a visitor's bundle.
 */

/**
 * Warns before leaving while `dirty`: closing the tab (beforeunload) or following a link inside the app.
 * `watchSearch`: a page whose tabs are query strings (`?tab=history`) unmounts its form on a tab
 * change, so a change of query counts as leaving too.
 */
export function useUnsavedChangesWarning(dirty: boolean, { watchSearch = false }: { watchSearch?: boolean } = {}) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || (watchSearch && currentLocation.search !== nextLocation.search)),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have unsaved changes. Leave this page and lose them?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}

/**
 * The warning for a plain form, found by its id: typing in it makes it dirty, sending it does
 * not count as leaving. Forms keep working without JavaScript; this only adds the question.
 */
export function useUnsavedFormWarning(formId: string) {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    // Listened for on the document, so a form drawn later (another tab) is covered too.
    const inForm = (event: Event) => event.target instanceof Element && event.target.closest("form")?.id === formId;
    const mark = (event: Event) => {
      if (inForm(event)) setDirty(true);
    };
    const sent = (event: Event) => {
      if (event.target instanceof HTMLFormElement && event.target.id === formId) setDirty(false);
    };
    document.addEventListener("input", mark);
    document.addEventListener("change", mark);
    document.addEventListener("submit", sent);
    return () => {
      document.removeEventListener("input", mark);
      document.removeEventListener("change", mark);
      document.removeEventListener("submit", sent);
    };
  }, [formId]);
  useUnsavedChangesWarning(dirty);
}
