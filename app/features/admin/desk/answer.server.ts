import { data } from "react-router";
import { BACK_OFFICE_HEADERS } from "../staff.server";

/**
 * A back-office action's answer: the body as JSON with its status, never cached (the back
 * office's headers), plus any headers of the answer's own. A route binds its answer's type once:
 *
 *   const answer = deskAnswer<ActionResult>;
 *   return answer({ tone: "error", message: "Unknown form intent.", errors: {}, values }, 400);
 */
export function deskAnswer<Body>(body: Body, status = 200, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { ...BACK_OFFICE_HEADERS, ...headers } });
}
