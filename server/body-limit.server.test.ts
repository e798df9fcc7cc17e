import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "../app/features/account/avatar";
import { LIVE_DESK_MAX_BODY_BYTES } from "../app/features/live/live-desk-form";
import { MAX_ARTICLE_FORM_BYTES } from "../app/features/news/article-form";
import { bodyLimitFor, MAX_FORM_BYTES } from "./body-limit";

describe("bodyLimitFor", () => {
  it("gives a data request its page's limit, in either form of data address", () => {
    for (const path of ["/dashboard", "/dashboard/", "/dashboard.data", "/dashboard/_.data"]) {
      expect(bodyLimitFor(path), path).toBe(AVATAR_MAX_BYTES + MAX_FORM_BYTES);
    }
    for (const path of ["/admin/news/new", "/admin/news/new.data", "/admin/news/new/_.data"]) {
      expect(bodyLimitFor(path), path).toBe(MAX_ARTICLE_FORM_BYTES);
    }
  });

  it("lets a ticker photo through on the live desk, with or without the round in the address", () => {
    for (const path of [
      "/admin/live",
      "/admin/live.data",
      "/admin/live/2025-r9-silverstone-national",
      "/admin/live/2025-r9-silverstone-national/posts",
    ]) {
      expect(bodyLimitFor(path), path).toBe(LIVE_DESK_MAX_BODY_BYTES);
    }
  });

  it("gives the home page's data request, old address or new, an ordinary form's limit", () => {
    for (const path of ["/", "/_.data", "/_root.data"]) expect(bodyLimitFor(path), path).toBe(MAX_FORM_BYTES);
  });
});
