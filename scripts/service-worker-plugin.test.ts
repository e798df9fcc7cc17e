import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { buildId, publicPageFiles } from "./service-worker-plugin";

type Chunk = {
  fileName: string;
  facadeModuleId?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

function bundleOf(chunks: Chunk[], assets: Record<string, string>): Rolldown.OutputBundle {
  const bundle: Record<string, unknown> = {};
  for (const chunk of chunks) {
    bundle[chunk.fileName] = {
      type: "chunk",
      fileName: chunk.fileName,
      facadeModuleId: chunk.facadeModuleId ?? null,
      imports: chunk.imports ?? [],
      dynamicImports: chunk.dynamicImports ?? [],
      viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set(chunk.assets ?? []) },
    };
  }
  for (const [fileName, source] of Object.entries(assets)) bundle[fileName] = { type: "asset", fileName, source };
  return bundle as unknown as Rolldown.OutputBundle;
}

describe("publicPageFiles", () => {
  const bundle = bundleOf(
    [
      {
        fileName: "assets/entry.client-a.js",
        facadeModuleId: "/p/app/entry.client.tsx",
        imports: ["assets/site-b.js"],
        dynamicImports: ["assets/offline-client-c.js"],
      },
      { fileName: "assets/site-b.js" },
      { fileName: "assets/offline-client-c.js" },
      {
        fileName: "assets/root-d.js",
        facadeModuleId: "/p/app/root.tsx?__react-router-build-client-route",
        imports: ["assets/site-b.js"],
        dynamicImports: ["assets/footer-e.js"],
        css: ["assets/app-f.css"],
        assets: ["assets/admin-g.css"],
      },
      { fileName: "assets/footer-e.js", assets: ["assets/marks-h.svg"] },
      { fileName: "assets/home-i.js", facadeModuleId: "/p/app/routes/home.tsx?__react-router-build-client-route" },
      { fileName: "assets/calendar-j.js", facadeModuleId: "/p/app/routes/calendar.tsx?__react-router-build-client-route" },
      { fileName: "assets/calendar-round-k.js", facadeModuleId: "/p/app/routes/calendar-round.tsx?__react-router-build-client-route" },
      { fileName: "assets/store-l.js", facadeModuleId: "/p/app/routes/store.tsx?__react-router-build-client-route" },
      { fileName: "assets/calendar-ics-m.js", facadeModuleId: "/p/app/routes/calendar-ics.ts?__react-router-build-client-route" },
      { fileName: "assets/admin-live-n.js", facadeModuleId: "/p/app/routes/admin/live.tsx?__react-router-build-client-route" },
    ],
    {
      "assets/app-f.css": "@font-face{src:url(/assets/inter-o.woff2) format('woff2')}.x{background:url(\"/assets/marks-h.svg\")}",
      "assets/admin-g.css": "",
      "assets/marks-h.svg": "<svg/>",
      "assets/inter-o.woff2": "",
    },
  );

  it("is what the home page, the calendar and a round's page load, their late parts and fonts included, and nothing else", () => {
    expect(publicPageFiles(bundle)).toEqual({
      files: [
        "/assets/app-f.css",
        "/assets/calendar-j.js",
        "/assets/calendar-round-k.js",
        "/assets/entry.client-a.js",
        "/assets/footer-e.js",
        "/assets/home-i.js",
        "/assets/inter-o.woff2",
        "/assets/marks-h.svg",
        "/assets/offline-client-c.js",
        "/assets/root-d.js",
        "/assets/site-b.js",
      ],
      stylesheet: "/assets/app-f.css",
    });
  });
});

describe("buildId", () => {
  it("changes with the files and with the worker's code", () => {
    const id = buildId(["/assets/a-1.js"], "code");
    expect(id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(buildId(["/assets/a-2.js"], "code")).not.toBe(id);
    expect(buildId(["/assets/a-1.js"], "code 2")).not.toBe(id);
    expect(buildId(["/assets/a-1.js"], "code")).toBe(id);
  });
});
