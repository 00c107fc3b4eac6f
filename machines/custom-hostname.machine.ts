/**
 * A project's custom hostname on the platform (`supabase domains`, the original's custom-hostname routes): create ->
 * reverify (pending or verified) -> activate, and delete. One stream per project ref.
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
import { ACTIVATION_WARNING, HOSTNAME_BLOCKED_MESSAGE, hostnameAllowed, type DomainPeerFacts } from './domains/exclusivity.js';

export interface CustomHostnameContext {
  hostname: string | null;
  /** The platform's status string (`2_initiated` ... `5_services_reconfigured`). */
  status: string | null;
  origin: string | null;
  error: string | null;
}

type Status = { status?: string };
export type CustomHostnameEvent =
  | ({ type: 'CREATE'; hostname?: string } & DomainPeerFacts)
  | ({ type: 'CREATED'; hostname?: string } & Status)
  | { type: 'REVERIFY' }
  | ({ type: 'REVERIFIED' } & Status)
  | { type: 'ACTIVATE' }
  | ({ type: 'ACTIVATED' } & Status)
  | { type: 'DELETE' }
  | { type: 'DELETED' }
  | ({ type: 'OBSERVED'; hostname?: string } & Status)
  | { type: 'FAILED'; error?: string }
  | { type: 'INTERRUPTED' };

const events: EventCatalog<CustomHostnameEvent> = {
  CREATE: 'domains create: register the hostname (its CNAME must point at <ref>.supabase.co).',
  CREATED: 'The platform accepted the hostname (POST custom-hostname/initialize).',
  REVERIFY: 'domains reverify: ask the platform to check the DNS records and the certificate again.',
  REVERIFIED: 'The platform answered with the current verification status.',
  ACTIVATE: 'domains activate: make the custom hostname the project\'s address.',
  ACTIVATED: 'The platform reconfigured the project\'s services for the custom hostname.',
  DELETE: 'domains delete: remove the custom hostname configuration.',
  DELETED: 'The platform removed the custom hostname configuration.',
  OBSERVED: 'A command read the configuration from the platform (domains get, or before acting on a hostname the journal never saw); it differed from the journal, e.g. after a change in the dashboard.',
  FAILED: 'The platform call failed; nothing changed.',
  INTERRUPTED: 'The command waiting for the platform died; the next reverify shows where things stand.',
};

/** Statuses of the platform that mean "nothing set up", "ready to activate" and "active" (management API). */
const NOT_STARTED = '1_not_started';
const READY = '4_origin_setup_completed';
const ACTIVE = '5_services_reconfigured';

const guards = {
  ...originGuards,
  peerAllows: (context: CustomHostnameContext, event: CustomHostnameEvent) => hostnameAllowed(context, event as DomainPeerFacts),
  reportsReady: (_context: CustomHostnameContext, event: CustomHostnameEvent) => 'status' in event && event.status === READY,
  reportsActive: (_context: CustomHostnameContext, event: CustomHostnameEvent) => 'status' in event && event.status === ACTIVE,
  reportsNothing: (_context: CustomHostnameContext, event: CustomHostnameEvent) =>
    'status' in event && (event.status === undefined || event.status === NOT_STARTED),
};

const updates = {
  ...originUpdates,
  rememberHostname: (context: CustomHostnameContext, event: CustomHostnameEvent) =>
    'hostname' in event && typeof event.hostname === 'string' ? { hostname: event.hostname.trim() } : { hostname: context.hostname },
  rememberStatus: (context: CustomHostnameContext, event: CustomHostnameEvent) =>
    'status' in event && typeof event.status === 'string' ? { status: event.status, error: null } : { status: context.status, error: null },
  rememberError: (_context: CustomHostnameContext, event: CustomHostnameEvent) => ({
    error: event.type === 'FAILED' ? (event.error ?? 'failed') : 'interrupted',
  }),
  forget: () => ({ hostname: null, status: null, error: null }),
};

/**
 * What the platform reported, in any settled state: the state its status names. An observation
 * never starts a task; it only records that the platform is elsewhere than the journal said.
 */
const observed = [
  { target: 'absent', guard: 'reportsNothing', actions: ['forget', 'clearOrigin'], description: `${events.OBSERVED} Nothing is set up.` },
  ...[
    { target: 'active', guard: 'reportsActive', description: 'active' },
    { target: 'verified', guard: 'reportsReady', description: 'verified' },
    { target: 'pending', description: 'still waiting for verification' },
  ].map((transition) => ({
    ...transition,
    actions: ['rememberHostname', 'rememberStatus', 'clearOrigin'],
    description: `${events.OBSERVED} The platform says: ${transition.description}.`,
  })),
];

/** REVERIFIED and CREATED land on the state the platform's status names. */
const byStatus = (description: string) => [
  { target: 'active', guard: 'reportsActive', actions: ['rememberStatus', 'clearOrigin'], description: `${description}: already active` },
  { target: 'verified', guard: 'reportsReady', actions: ['rememberStatus', 'clearOrigin'], description: `${description}: ready to activate` },
  { target: 'pending', actions: ['rememberStatus', 'clearOrigin'], description: `${description}: still waiting for verification` },
];

const failure = (origins: string[]) => failureTransitions(origins, events.FAILED, events.INTERRUPTED);

/**
 * CREATE from any settled state: the original POSTs initialize whatever is configured, which
 * starts the hostname's setup over. Only an active vanity subdomain (the exclusivity) refuses it.
 */
const create = (origin: string) => ({ ...enter('creating', origin, events.CREATE, ['rememberHostname']), guard: 'peerAllows' });

const machine = setup({
  types: {} as { context: CustomHostnameContext; events: CustomHostnameEvent },
  guards: xstateGuards<CustomHostnameContext, CustomHostnameEvent>(guards),
  actions: xstateUpdates<CustomHostnameContext, CustomHostnameEvent>(updates),
}).createMachine({
  id: 'customHostname',
  description: 'The custom hostname of one hosted project.',
  initial: 'absent',
  context: { hostname: null, status: null, origin: null, error: null },
  states: {
    absent: {
      description: 'No custom hostname is configured.',
      meta: {
        refusals: {
          CREATE: HOSTNAME_BLOCKED_MESSAGE,
          REVERIFY: 'No custom hostname is configured: run supabase domains create first.',
          ACTIVATE: 'No custom hostname is configured: run supabase domains create first.',
          DELETE: 'No custom hostname is configured.',
        },
      },
      on: { CREATE: create('absent'), OBSERVED: observed },
    },
    creating: {
      description: 'Registering the hostname with the platform.',
      meta: { task: 'custom-hostname.create', failure: 'FAILED' },
      on: { CREATED: byStatus(events.CREATED).map((t) => ({ ...t, actions: ['rememberHostname', ...t.actions] })), ...failure(['absent', 'pending', 'verified', 'active']) },
    },
    pending: {
      description: 'Waiting for the TXT records and the SSL certificate to be verified (2_initiated).',
      meta: {
        refusals: {
          CREATE: HOSTNAME_BLOCKED_MESSAGE,
          ACTIVATE: 'The custom hostname is not verified yet: add the DNS records, then run supabase domains reverify.',
        },
      },
      on: {
        CREATE: create('pending'),
        REVERIFY: enter('reverifying', 'pending', events.REVERIFY),
        DELETE: enter('deleting', 'pending', events.DELETE),
        OBSERVED: observed,
      },
    },
    reverifying: {
      description: 'Asking the platform to verify the DNS records and the certificate.',
      meta: { task: 'custom-hostname.reverify', failure: 'FAILED' },
      on: { REVERIFIED: byStatus(events.REVERIFIED), ...failure(['pending', 'verified']) },
    },
    verified: {
      description: 'Verified and ready for activation (4_origin_setup_completed).',
      meta: { refusals: { CREATE: HOSTNAME_BLOCKED_MESSAGE } },
      on: {
        CREATE: create('verified'),
        REVERIFY: enter('reverifying', 'verified', events.REVERIFY),
        ACTIVATE: { ...enter('activating', 'verified', events.ACTIVATE), description: `${events.ACTIVATE} ${ACTIVATION_WARNING}` },
        DELETE: enter('deleting', 'verified', events.DELETE),
        OBSERVED: observed,
      },
    },
    activating: {
      description: 'Reconfiguring the project\'s services for the custom hostname.',
      meta: { task: 'custom-hostname.activate', failure: 'FAILED', warning: ACTIVATION_WARNING },
      on: { ACTIVATED: { target: 'active', actions: ['rememberStatus', 'clearOrigin'], description: events.ACTIVATED }, ...failure(['verified']) },
    },
    active: {
      description: 'The project answers on the custom hostname; auth no longer answers on <ref>.supabase.co (5_services_reconfigured).',
      meta: {
        refusals: {
          CREATE: HOSTNAME_BLOCKED_MESSAGE,
          ACTIVATE: 'The custom hostname is already active.',
        },
      },
      on: { CREATE: create('active'), DELETE: enter('deleting', 'active', events.DELETE), OBSERVED: observed },
    },
    deleting: {
      description: 'Removing the custom hostname configuration.',
      meta: { task: 'custom-hostname.delete', failure: 'FAILED' },
      on: { DELETED: { target: 'absent', actions: ['forget', 'clearOrigin'], description: events.DELETED }, ...failure(['pending', 'verified', 'active']) },
    },
  },
});

/** The custom hostname machine with its tables, for the fold, the diagrams and the tests. */
export const customHostnameDefinition: MachineDefinition<CustomHostnameContext, CustomHostnameEvent> = {
  name: 'custom-hostname',
  description: 'Custom hostname: create -> reverify (pending or verified) -> activate; delete. Exclusive with a vanity subdomain.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'custom-hostname:<project ref>' },
  behaviourContext: ['origin'],
  sampleEvents: [
    { type: 'CREATE', hostname: 'api.example.com', vanitySubdomainActive: false },
    { type: 'CREATE', hostname: 'api.example.com', vanitySubdomainActive: true },
    { type: 'CREATED', hostname: 'api.example.com', status: '2_initiated' },
    { type: 'CREATED', hostname: 'api.example.com', status: READY },
    { type: 'REVERIFY' },
    { type: 'REVERIFIED', status: '2_initiated' },
    { type: 'REVERIFIED', status: READY },
    { type: 'REVERIFIED', status: ACTIVE },
    { type: 'ACTIVATE' },
    { type: 'ACTIVATED', status: ACTIVE },
    { type: 'DELETE' },
    { type: 'DELETED' },
    { type: 'OBSERVED', status: NOT_STARTED },
    { type: 'OBSERVED', hostname: 'www.example.org', status: '2_initiated' },
    { type: 'OBSERVED', hostname: 'www.example.org', status: READY },
    { type: 'OBSERVED', hostname: 'www.example.org', status: ACTIVE },
    { type: 'FAILED', error: 'Unexpected error' },
    { type: 'INTERRUPTED' },
  ],
};
