import { statSync } from "node:fs";
import path from "node:path";

/*
 * Until the media library lands, people's photos and clips are paths to files the site already
 * serves. A path that names no file would show a broken picture on the public page, so the
 * forms check it. The paths have passed people-forms.ts's pattern (no "..", no "//host").
 */

const roots = [path.resolve("public"), path.resolve("build/client")];

export function siteFileExists(urlPath: string): boolean {
  return roots.some((root) => {
    const file = path.join(root, urlPath);
    if (!file.startsWith(root + path.sep)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

export const MISSING_FILE_MESSAGE = "No file on the site has this path; check it against the files under /media.";

/** Errors for the path fields of `values` that name no file on the site. */
export function missingSiteFiles(values: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of names) {
    const value = values[name];
    if (typeof value === "string" && value !== "" && !siteFileExists(value)) errors[name] = MISSING_FILE_MESSAGE;
  }
  return errors;
}
