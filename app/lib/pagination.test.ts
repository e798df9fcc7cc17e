import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageCountOf, pageOffset, pageParam } from "./pagination";

describe("pagination", () => {
  it("reads the page of the address, page 1 when it is missing or not a page", () => {
    const page = (search: string) => pageParam(new URLSearchParams(search));
    expect(page("")).toBe(1);
    expect(page("page=3")).toBe(3);
    expect(page("page=0")).toBe(1);
    expect(page("page=-2")).toBe(1);
    expect(page("page=two")).toBe(1);
    expect(page("page=2.5")).toBe(2);
    expect(page("page=99999999")).toBe(MAX_PAGE);
  });

  it("counts the rows before a page and the pages of a list", () => {
    expect(pageOffset(1, 25)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
    expect(pageCountOf(0, 25)).toBe(1);
    expect(pageCountOf(25, 25)).toBe(1);
    expect(pageCountOf(26, 25)).toBe(2);
  });
});
