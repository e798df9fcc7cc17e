import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/lib/meta";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { path: null, title: "Page Not Found", description: "The page you were looking for doesn't exist or has been moved." });

export default function NotFoundRoute() {
  return <NotFound />;
}
