import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_PAGES, corpusFileName, normaliseDocument } from "../support/html-corpus";
import { serverForTests } from "../support/server-fixture";

/**
 * The same HTML before and after a platform change (issue 38, ADR 0118): each page of the corpus,
 * rendered by the production build on the seeded site at a fixed instant, is the document kept in
 * tests/server/html-corpus/, made by the build before the change. `UPDATE_HTML_CORPUS=1` writes the
 * files anew: only on a build whose output is known good, and the diff reviewed before committing.
 */
const CORPUS_DIR = path.join(import.meta.dirname, "html-corpus");

/** A Saturday of the off-season: the clock the pages are rendered at (libfaketime). */
const FIXED_INSTANT = "@2026-11-28 10:00:00";
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

describe.skipIf(!existsSync(LIBFAKETIME))("the HTML of the page corpus", () => {
  const site = serverForTests({
    env: {
      // As on PostgreSQL, which requires the choice: every page carries the test shop's banner.
      PAYMENTS: "test",
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME: FIXED_INSTANT,
      // Timers and performance measures keep real time; the wall clock starts at the instant.
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      TZ: "Europe/London",
    },
  });

  it.each(CORPUS_PAGES)("renders %s as the build before the change did", async (page) => {
    const response = await fetch(`${site.url}${page}`);
    const document = normaliseDocument(await response.text());
    const file = path.join(CORPUS_DIR, corpusFileName(page));
    if (process.env.UPDATE_HTML_CORPUS === "1") {
      mkdirSync(CORPUS_DIR, { recursive: true });
      writeFileSync(file, document);
    }
    expect(document).toBe(readFileSync(file, "utf8"));
  });
});
