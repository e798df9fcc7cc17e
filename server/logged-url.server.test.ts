import { describe, expect, it } from "vitest";
import { loggedUrl } from "./logged-url";

describe("loggedUrl", () => {
  it("leaves a partner report's token and e-mailed tokens out of the log", () => {
    expect(loggedUrl("/partner-report/abcDEF123_-x")).toBe("/partner-report/[token]");
    expect(loggedUrl("/partner-report/abcDEF123/report.pdf?x=1")).toBe("/partner-report/[token]/report.pdf?x=1");
    expect(loggedUrl("/reset-password?token=s3cret&next=/")).toBe("/reset-password?token=[token]&next=/");
    expect(loggedUrl("/verify-email?a=1&TOKEN=s3cret")).toBe("/verify-email?a=1&TOKEN=[token]");
  });

  it("keeps every other address as it is", () => {
    expect(loggedUrl("/calendar/2025-r9-silverstone-national?round=x")).toBe("/calendar/2025-r9-silverstone-national?round=x");
    expect(loggedUrl("/go/vortex-air-systems/partners-page")).toBe("/go/vortex-air-systems/partners-page");
  });
});
