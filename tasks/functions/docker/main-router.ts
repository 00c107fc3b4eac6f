/**
 * The main service of the edge-runtime container (the original embeds its own), ours: the entrypoint writes it to
 * /home/deno/main/index.ts and `edge-runtime start --main-service /home/deno/main -p 8081` runs it.
 * It answers `/_internal/health`, refuses functions it does not know (404), checks the bearer JWT
 * of functions that verify JWTs (never on OPTIONS), and hands each request to a user worker of
 * `/home/deno/functions/<slug>` with that function's import map and the container's environment
 * minus the OS and internal variables. Status codes and bodies are the original's; the JWT check
 * uses WebCrypto so the router needs no module from the network.
 */

export const MAIN_ROUTER = `// Written by the supabase CLI: routes requests to the Edge Functions under /home/deno/functions.
const env = (name) => Deno.env.get(name) ?? "";
const JWT_SECRET = env("SUPABASE_INTERNAL_JWT_SECRET");
const HOST_PORT = env("SUPABASE_INTERNAL_HOST_PORT");
const FUNCTIONS_PATH = env("SUPABASE_INTERNAL_FUNCTIONS_PATH");
const DEBUG = env("SUPABASE_INTERNAL_DEBUG") === "true";
// OS variables that mean nothing to a function.
const HIDDEN = new Set(["HOME", "HOSTNAME", "PATH", "PWD"]);

const functions = JSON.parse(env("SUPABASE_INTERNAL_FUNCTIONS_CONFIG") || "{}");
if (DEBUG) console.log("Functions config:", JSON.stringify(functions, null, 2));

const json = (body, status) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const bytes = (text) => new TextEncoder().encode(text);
const fromBase64Url = (part) => Uint8Array.from(atob(part.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const HASHES = { HS256: "SHA-256", HS384: "SHA-384", HS512: "SHA-512" };

/** Whether an HS256/384/512 token is signed with the project's secret and within its times. */
async function validJwt(token) {
  try {
    const [header, payload, signature] = token.split(".");
    const hash = HASHES[JSON.parse(new TextDecoder().decode(fromBase64Url(header))).alg];
    if (!hash || signature === undefined) return false;
    const key = await crypto.subtle.importKey("raw", bytes(JWT_SECRET), { name: "HMAC", hash }, false, ["verify"]);
    if (!(await crypto.subtle.verify("HMAC", key, fromBase64Url(signature), bytes(header + "." + payload)))) return false;
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)));
    const now = Date.now() / 1000;
    return !(typeof claims.exp === "number" && now >= claims.exp) && !(typeof claims.nbf === "number" && now < claims.nbf);
  } catch {
    return false;
  }
}

/** Why a request may not reach its function, or undefined. */
async function jwtProblem(req) {
  const header = req.headers.get("authorization");
  if (!header) return "Error: Missing authorization header";
  const [scheme, token] = header.split(" ");
  if (scheme !== "Bearer") return "Error: Auth header is not 'Bearer {token}'";
  return (await validJwt(token ?? "")) ? undefined : "Invalid JWT";
}

Deno.serve({
  onListen: () => console.log("Serving functions on http://127.0.0.1:" + HOST_PORT + "/functions/v1/<function-name>\\nUsing " + Deno.version.deno),
}, async (req) => {
  const { pathname } = new URL(req.url);
  if (pathname === "/_internal/health") return json({ message: "ok" }, 200);
  const slug = pathname.split("/")[1];
  if (!slug || !(slug in functions)) return new Response("Function not found", { status: 404 });
  if (req.method !== "OPTIONS" && functions[slug].verifyJWT) {
    const problem = await jwtProblem(req);
    if (problem) {
      console.error(problem);
      return json({ msg: problem }, 401);
    }
  }
  const servicePath = FUNCTIONS_PATH + "/" + slug;
  console.error("serving the request with " + servicePath);
  try {
    const worker = await EdgeRuntime.userWorkers.create({
      servicePath,
      memoryLimitMb: 150,
      workerTimeoutMs: 400 * 1000,
      noModuleCache: false,
      importMapPath: functions[slug].importMapPath,
      envVars: Object.entries(Deno.env.toObject()).filter(([name]) => !HIDDEN.has(name) && !name.startsWith("SUPABASE_INTERNAL_")),
      // A new worker per request, so edits show at once.
      forceCreate: true,
      customModuleRoot: "",
      cpuTimeSoftLimitMs: 1000,
      cpuTimeHardLimitMs: 2000,
    });
    // Requests end after 200 s, as on the platform.
    return await worker.fetch(req, { signal: AbortSignal.timeout(200 * 1000) });
  } catch (error) {
    console.error(error);
    if (error?.name === "InvalidWorkerCreation") return json({ code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" }, 503);
    if (error?.name === "InvalidWorkerResponse") {
      return json({ code: "WORKER_LIMIT", message: "Worker failed to respond due to an error or resource limit (please check logs)" }, 546);
    }
    return json({ code: 500, message: "Request failed due to a server error" }, 500);
  }
});
`;
