/**
 * The request header that carries the visitor's address into better-auth (it stores it with the
 * session). Our calls set it from context.clientIp, which honours proxy headers only with
 * TRUST_PROXY; whatever a browser sends under this name is overwritten. A module of its own: the
 * session helpers need the name without loading better-auth.
 */
export const CLIENT_IP_HEADER = "x-ridgeway-client-ip";
