import pino from "pino";

export function createLogger(options: { level: string; pretty: boolean }) {
  return pino({
    level: options.level,
    base: { service: "ridgeway-racing" },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    transport: options.pretty ? { target: "pino-pretty", options: { colorize: true } } : undefined,
  });
}
