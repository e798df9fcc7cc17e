import http from "node:http";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareStaff, takePreparedSession, type PreparedStaff } from "../support/prepared-staff";
import { serverForTests } from "../support/server-fixture";

/*
 * The media library through the real server (npm run build first): an editor signed in with
 * two-factor uploads over HTTP; a body far over the limit is answered while it is still being
 * sent; the files are served by the handler before React Router, on /media/u/.
 */

const AUTH_SECRET = "media-http-secret-0123456789abcdef0123456789";
let editor: PreparedStaff;
let cookie = "";

const site = serverForTests({
  env: { AUTH_SECRET },
  prepare: async (testDb) => {
    editor = await prepareStaff(testDb, {
      email: "http.editor@example.com",
      password: "a long and unusual password",
      roles: ["editor"],
      secret: AUTH_SECRET,
      publicUrl: "http://127.0.0.1",
    });
  },
});

// Signed in as the editor: one of the sessions prepareStaff made (signing in is the sign-in tests' subject).
beforeAll(() => {
  cookie = takePreparedSession(editor);
});

describe("media over HTTP", () => {
  it("uploads, then serves the variants with immutable headers and the site's SVG art beside them", async () => {
    const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("altText", "Red test card");
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "red.png");
    const uploaded = await fetch(`${site.url}/admin/media/new`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
    expect(uploaded.status).toBe(302);
    const detailPath = uploaded.headers.get("location")!;
    expect(detailPath).toMatch(/^\/admin\/media\/[0-9a-f-]{36}\?uploaded=1$/);
    const page = await (await fetch(`${site.url}${detailPath}`, { headers: { cookie } })).text();
    const avif = /\/media\/u\/[0-9a-f]{32}-640\.avif/.exec(page)?.[0];
    expect(avif).toBeDefined();
    // Asked twice without a cookie: the page cache must not turn the bytes into text.
    for (let i = 0; i < 2; i += 1) {
      const file = await fetch(`${site.url}${avif}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(file.headers.get("content-type")).toBe("image/avif");
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(640);
    }
    const art = await fetch(`${site.url}/media/cars.svg`);
    expect(art.status).toBe(200);
    expect(art.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });

  it("lets mail clients and the sandboxed preview load e-mails' pictures, and keeps the site's isolation elsewhere", async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("altText", "Blue test card");
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "blue.png");
    const uploaded = await fetch(`${site.url}/admin/media/new`, { method: "POST", body: form, headers: { cookie }, redirect: "manual" });
    const page = await (await fetch(`${site.url}${uploaded.headers.get("location")!}`, { headers: { cookie } })).text();
    const photo = /\/media\/u\/[0-9a-f]{32}-640\.webp/.exec(page)![0];
    for (const path of ["/email/logo.png", photo, "/media/share-card.png"]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("cross-origin");
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    for (const path of ["/", "/media/cars.svg", "/admin/emails"]) {
      const response = await fetch(`${site.url}${path}`, { headers: { cookie } });
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
  });

  it("answers an over-size upload with 413 and the message while the body is still being sent", async () => {
    const boundary = "----over-size";
    const url = new URL(`${site.url}/admin/media/new`);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // 200 MB announced and streamed without Content-Length (chunked): the server cannot know the size up front.
      const request = http.request(url, {
        method: "POST",
        headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, accept: "text/html" },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="altText"\r\n\r\nHuge\r\n`);
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 200) {
          sent += 1;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        request.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(status).toBe(413);
    expect(body).toContain("larger than 40 MB");
  });
});
