import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { latePartsLoaded } from "~/components/hydrate-later";
import { NonceProvider } from "~/components/nonce";
import { appContext } from "~/context";
import { paintFirst, SHELL_MARKERS } from "~/lib/paint-first";
import { createShellRewrite } from "~/shell-rewrite.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // The headers a GET would have, without the body.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const context = appContext(loadContext);
  const nonce = context.cspNonce;
  // The parts that hydrate later render in the first pass too, not streamed after the shell (ADR 0093).
  await latePartsLoaded();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once rather than a stream.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A finished part stays where it is in the HTML, however large: React would otherwise move
        // one over 12.8 kB (the home page's sections) to the end of the stream, hidden until a script
        // shows it, which a browser without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // Paint first, hydrate after (ADR 0091): the page's modules load once it has painted.
          const body = createShellRewrite({ ...SHELL_MARKERS, rewrite: (html) => paintFirst(html, nonce) });
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject and are logged by React Router.
          if (shellRendered) context.log.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}
