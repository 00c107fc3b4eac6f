/**
 * What `functions new` writes (the original's template, in our words): a Deno.serve handler that
 * greets the posted name, and a closing comment with a curl call for the local stack, filled with
 * the project's API port and anon key so it works as pasted. The wording of the comments is ours.
 */

export interface TemplateValues {
  slug: string;
  apiPort: number;
  anonKey: string;
}

/** The index.ts of a new function. */
export function functionTemplate({ slug, apiPort, anonKey }: TemplateValues): string {
  return `// Deno serves this file. For autocompletion and type checks, set up your editor's Deno
// support: https://deno.land/manual/getting_started/setup_your_environment

console.log("Hello from Functions!")

Deno.serve(async (req) => {
  const { name } = await req.json()
  const data = {
    message: \`Hello \${name}!\`,
  }

  return new Response(
    JSON.stringify(data),
    { headers: { "Content-Type": "application/json" } },
  )
})

/* Try it on the local stack:

  1. Start the stack with \`supabase start\`, then serve with \`supabase functions serve\`
     (https://supabase.com/docs/reference/cli/supabase-start)
  2. Call the function:

  curl -i --location --request POST 'http://127.0.0.1:${apiPort}/functions/v1/${slug}' \\
    --header 'Authorization: Bearer ${anonKey}' \\
    --header 'Content-Type: application/json' \\
    --data '{"name":"Functions"}'

*/
`;
}
