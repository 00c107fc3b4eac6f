// Child process for the DoH test: installs the resolver against a local DoH endpoint, then fetches
// a made-up host name that only that endpoint knows.
import { installDohResolver } from '../../tasks/net/doh-resolver.js';

const [endpoint, url] = process.argv.slice(2);
installDohResolver(endpoint);
const response = await fetch(url);
process.stdout.write(await response.text());
