/**
 * A project's vanity subdomain on the platform (`supabase vanity-subdomains`, experimental in the original): check
 * availability -> activate -> delete. One stream per project ref.
 */
import { setup } from 'xstate';
import {
  enter,
  failureTransitions,
  originGuards,
  originUpdates,
  xstateGuards,
  xstateUpdates,
  type EventCatalog,
  type MachineDefinition,
} from './kit/machine-kit.js';
import { SUBDOMAIN_BLOCKED_MESSAGE, subdomainAllowed, type DomainPeerFacts } from './domains/exclusivity.js';

export interface VanitySubdomainContext {
  /** The subdomain last checked, being activated, or active. */
  subdomain: string | null;
  /** The address the platform reported on activation (`custom_domain`). */
  customDomain: string | null;
  origin: string | null;
  error: string | null;
}

export type VanitySubdomainEvent =
  | { type: 'CHECK'; subdomain?: string }
  | { type: 'CHECKED'; subdomain?: string; available?: boolean }
  | ({ type: 'ACTIVATE'; subdomain?: string } & DomainPeerFacts)
  | { type: 'ACTIVATED'; customDomain?: string }
  | { type: 'DELETE' }
  | { type: 'DELETED' }
  | { type: 'OBSERVED'; status?: string; customDomain?: string }
  | { type: 'FAILED'; error?: string }
  | { type: 'INTERRUPTED' };

const events: EventCatalog<VanitySubdomainEvent> = {
  CHECK: 'vanity-subdomains check-availability: ask whether the desired subdomain is free.',
  CHECKED: 'The platform answered whether the subdomain is available.',
  ACTIVATE: 'vanity-subdomains activate: claim the subdomain for the project.',
  ACTIVATED: 'The platform activated the subdomain.',
  DELETE: 'vanity-subdomains delete: release the subdomain.',
  DELETED: 'The platform released the subdomain.',
  OBSERVED: 'A command read the configuration from the platform (vanity-subdomains get, or before acting on a subdomain the journal never saw); it differed from the journal.',
  FAILED: 'The platform call failed; nothing changed.',
  INTERRUPTED: 'The command waiting for the platform died; vanity-subdomains get shows where things stand.',
};

const guards = {
  ...originGuards,
  peerAllows: (context: VanitySubdomainContext, event: VanitySubdomainEvent) => subdomainAllowed(context, event as DomainPeerFacts),
  reportsAvailable: (_context: VanitySubdomainContext, event: VanitySubdomainEvent) => event.type === 'CHECKED' && event.available === true,
  reportsActive: (_context: VanitySubdomainContext, event: VanitySubdomainEvent) => event.type === 'OBSERVED' && event.status === 'active',
};

const updates = {
  ...originUpdates,
  rememberSubdomain: (context: VanitySubdomainContext, event: VanitySubdomainEvent) =>
    'subdomain' in event && typeof event.subdomain === 'string' ? { subdomain: event.subdomain.trim(), error: null } : { subdomain: context.subdomain },
  rememberDomain: (_context: VanitySubdomainContext, event: VanitySubdomainEvent) =>
    event.type === 'ACTIVATED' || event.type === 'OBSERVED' ? { customDomain: event.customDomain ?? null, error: null } : {},
  rememberError: (_context: VanitySubdomainContext, event: VanitySubdomainEvent) => ({
    error: event.type === 'FAILED' ? (event.error ?? 'failed') : 'interrupted',
  }),
  forget: () => ({ subdomain: null, customDomain: null, error: null }),
};

const failure = (origins: string[]) => failureTransitions(origins, events.FAILED, events.INTERRUPTED);

/** What the platform reported (`not-used`, `custom-domain-used` or `active`), in any settled state. */
const observed = [
  { target: 'active', guard: 'reportsActive', actions: ['rememberDomain', 'clearOrigin'], description: `${events.OBSERVED} The subdomain is active.` },
  { target: 'unused', actions: ['forget', 'clearOrigin'], description: `${events.OBSERVED} No subdomain is in use.` },
];
const activate = (origin: string) => ({ ...enter('activating', origin, events.ACTIVATE, ['rememberSubdomain']), guard: 'peerAllows' });

const machine = setup({
  types: {} as { context: VanitySubdomainContext; events: VanitySubdomainEvent },
  guards: xstateGuards<VanitySubdomainContext, VanitySubdomainEvent>(guards),
  actions: xstateUpdates<VanitySubdomainContext, VanitySubdomainEvent>(updates),
}).createMachine({
  id: 'vanitySubdomain',
  description: 'The vanity subdomain of one hosted project.',
  initial: 'unused',
  context: { subdomain: null, customDomain: null, origin: null, error: null },
  states: {
    unused: {
      description: 'No vanity subdomain is in use (not-used).',
      meta: { refusals: { ACTIVATE: SUBDOMAIN_BLOCKED_MESSAGE, DELETE: 'No vanity subdomain is active.' } },
      on: { CHECK: enter('checking', 'unused', events.CHECK, ['rememberSubdomain']), ACTIVATE: activate('unused'), OBSERVED: observed },
    },
    checking: {
      description: 'Asking the platform whether the subdomain is available.',
      meta: { task: 'vanity-subdomain.check', failure: 'FAILED' },
      on: {
        CHECKED: [
          { target: 'available', guard: 'reportsAvailable', actions: ['rememberSubdomain', 'clearOrigin'], description: 'The subdomain is available.' },
          { target: 'unused', actions: ['rememberSubdomain', 'clearOrigin'], description: 'The subdomain is taken.' },
        ],
        ...failure(['unused', 'available']),
      },
    },
    available: {
      description: 'The desired subdomain was reported available; it is not reserved until activated.',
      meta: { refusals: { ACTIVATE: SUBDOMAIN_BLOCKED_MESSAGE, DELETE: 'No vanity subdomain is active.' } },
      on: { CHECK: enter('checking', 'available', events.CHECK, ['rememberSubdomain']), ACTIVATE: activate('available'), OBSERVED: observed },
    },
    activating: {
      description: 'Claiming the subdomain.',
      meta: { task: 'vanity-subdomain.activate', failure: 'FAILED' },
      on: { ACTIVATED: { target: 'active', actions: ['rememberDomain', 'clearOrigin'], description: events.ACTIVATED }, ...failure(['unused', 'available']) },
    },
    active: {
      description: 'The project answers on its vanity subdomain (active); a custom hostname cannot be created meanwhile.',
      meta: {
        refusals: {
          CHECK: 'A vanity subdomain is already active: delete it before choosing another.',
          ACTIVATE: 'A vanity subdomain is already active: delete it before choosing another.',
        },
      },
      on: { DELETE: enter('deleting', 'active', events.DELETE), OBSERVED: observed },
    },
    deleting: {
      description: 'Releasing the subdomain.',
      meta: { task: 'vanity-subdomain.delete', failure: 'FAILED' },
      on: { DELETED: { target: 'unused', actions: ['forget', 'clearOrigin'], description: events.DELETED }, ...failure(['active']) },
    },
  },
});

/** The vanity subdomain machine with its tables, for the fold, the diagrams and the tests. */
export const vanitySubdomainDefinition: MachineDefinition<VanitySubdomainContext, VanitySubdomainEvent> = {
  name: 'vanity-subdomain',
  description: 'Vanity subdomain: check availability -> activate -> delete. Exclusive with a custom hostname.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'vanity-subdomain:<project ref>' },
  behaviourContext: ['origin'],
  sampleEvents: [
    { type: 'CHECK', subdomain: 'acme' },
    { type: 'CHECKED', subdomain: 'acme', available: true },
    { type: 'CHECKED', subdomain: 'acme', available: false },
    { type: 'ACTIVATE', subdomain: 'acme', customHostnameExists: false },
    { type: 'ACTIVATE', subdomain: 'acme', customHostnameExists: true },
    { type: 'ACTIVATED', customDomain: 'acme.supabase.co' },
    { type: 'DELETE' },
    { type: 'DELETED' },
    { type: 'OBSERVED', status: 'active', customDomain: 'acme.supabase.co' },
    { type: 'OBSERVED', status: 'not-used' },
    { type: 'FAILED', error: 'Unexpected error' },
    { type: 'INTERRUPTED' },
  ],
};
