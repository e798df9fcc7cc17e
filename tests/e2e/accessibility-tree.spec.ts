import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { accessibilityTreeProblems, type TreeNode } from "../../app/lib/accessibility-tree";
import { PUBLIC_ROUTES } from "../support/public-routes";

/*
 * What a screen reader is given on every public page, at both widths: Chromium's accessibility
 * tree as the DevTools protocol hands it over (Accessibility.getFullAXTree), not the DOM. Every
 * heading has a name, there is one level-1 heading, the banner, navigation, main and contentinfo
 * landmarks are there, and no link name leads to two places (app/lib/accessibility-tree.ts).
 */

interface AXValue {
  value?: unknown;
  relatedNodes?: { idref?: string }[];
}
interface AXNode {
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  properties?: { name: string; value: AXValue }[];
}

async function accessibilityTree(page: Page): Promise<TreeNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Accessibility.enable");
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
    return nodes
      .filter((node) => !node.ignored)
      .map((node) => {
        const property = (name: string) => node.properties?.find((entry) => entry.name === name)?.value;
        const controls = property("controls")
          ?.relatedNodes?.map((related) => related.idref ?? "")
          .join(" ");
        return {
          role: String(node.role?.value ?? ""),
          name: String(node.name?.value ?? ""),
          level: property("level")?.value as number | undefined,
          url: property("url")?.value as string | undefined,
          controls: controls || undefined,
        };
      });
  } finally {
    await cdp.detach();
  }
}

test("every public page's accessibility tree has named headings, one h1, its landmarks and no ambiguous link names", async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  let links = 0;
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    const tree = await accessibilityTree(page);
    links += tree.filter((node) => node.role === "link" && node.url).length;
    found.push(...accessibilityTreeProblems(tree).map((problem) => `${route}: ${problem}`));
  }
  // The tree was read (links with their destinations), so an empty list means something.
  expect(links).toBeGreaterThan(PUBLIC_ROUTES.length * 10);
  expect(found).toEqual([]);
});
