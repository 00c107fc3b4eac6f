export async function serveOnDocker(_: unknown): Promise<void> { throw new Error('wip'); }
