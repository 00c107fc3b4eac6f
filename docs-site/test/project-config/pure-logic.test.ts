// The widget's rules without React: option values, restore rules, choice checks, state machines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { branchValue, orgProjectValue, parseBranchValue, parseOrgProjectValue } from '../../src/lib/project-config/option-values';
import { resolveBranchChoice, resolveOrgProjectChoice, restoreBranch, restoreOrgProject } from '../../src/lib/project-config/restore';
import { branchesDataState, projectOrgDataState, variableDataState } from '../../src/lib/project-config/data-states';
import { placeholderFor, prettyName, variableValue } from '../../src/lib/project-config/variables';
import { ACME, ACME_APP, ACME_BRANCHING, BETA, BETA_APP, FEATURE_BRANCH, MAIN_BRANCH, OTHER_BRANCH, apiSettings } from './fixtures';

const orgs = [ACME, BETA];
const projects = [ACME_APP, BETA_APP, ACME_BRANCHING];

describe('option values', () => {
  it('encode org/project as [orgId, ref, label] and branches as [id, name]', () => {
    assert.equal(orgProjectValue(ACME, ACME_APP), '[1,"acmeapp","Acme / Acme app"]');
    assert.deepEqual(parseOrgProjectValue(orgProjectValue(BETA, BETA_APP)), [2, 'betaapp', 'Beta / Beta app']);
    assert.deepEqual(parseBranchValue(branchValue(MAIN_BRANCH)), [MAIN_BRANCH.id, 'main']);
  });

  it('parse anything else to nulls', () => {
    for (const bad of ['', 'not json', '{}', '[1,"acmeapp"]', '[1,"acmeapp","x","extra"]', '["1","acmeapp","x"]', '[1,2,"x"]', 'null']) {
      assert.deepEqual(parseOrgProjectValue(bad), [null, null, null], bad);
    }
    for (const bad of ['', '[]', '["id"]', '["id","name","x"]', '[1,"name"]', '"id"']) assert.deepEqual(parseBranchValue(bad), [null, null], bad);
  });
});

describe('restoring the organization and project', () => {
  it('takes the saved pair when both exist and belong together', () => {
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: '2', projectRef: 'betaapp' }), { org: BETA, project: BETA_APP });
  });

  it('falls back to the first project when the saved project belongs to another organization', () => {
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: '1', projectRef: 'betaapp' }), { org: ACME, project: ACME_APP });
  });

  it('falls back to the first project when either saved key is missing or unknown', () => {
    const first = { org: ACME, project: ACME_APP };
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: null, projectRef: 'betaapp' }), first);
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: '2', projectRef: null }), first);
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: '9', projectRef: 'betaapp' }), first);
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: '2', projectRef: 'gone' }), first);
    assert.deepEqual(restoreOrgProject(orgs, projects, { orgId: 'abc', projectRef: 'betaapp' }), first);
  });

  it('selects nothing without projects, or when the first project has no known organization', () => {
    assert.equal(restoreOrgProject(orgs, [], { orgId: '1', projectRef: 'acmeapp' }), undefined);
    assert.equal(restoreOrgProject([BETA], [ACME_APP, BETA_APP], { orgId: null, projectRef: null }), undefined);
  });
});

describe('restoring the branch', () => {
  it('takes the saved branch, else the production branch, else the first', () => {
    const branches = [FEATURE_BRANCH, MAIN_BRANCH, OTHER_BRANCH];
    assert.equal(restoreBranch(branches, OTHER_BRANCH.id), OTHER_BRANCH);
    assert.equal(restoreBranch(branches, 'gone'), MAIN_BRANCH);
    assert.equal(restoreBranch(branches, null), MAIN_BRANCH);
    assert.equal(restoreBranch([FEATURE_BRANCH, OTHER_BRANCH], null), FEATURE_BRANCH);
    assert.equal(restoreBranch([], null), undefined);
  });
});

describe('accepting a choice', () => {
  it('takes a well-formed value naming an organization and one of its projects', () => {
    assert.deepEqual(resolveOrgProjectChoice(orgProjectValue(BETA, BETA_APP), orgs, projects), { org: BETA, project: BETA_APP });
  });

  it('ignores malformed values, unknown ids and pairs that do not belong together', () => {
    for (const value of ['oops', '[2,"betaapp"]', '[2,"betaapp","Beta / Beta app",4]', '[1,"betaapp","Acme / Beta app"]', '[3,"betaapp","x"]', '[2,"gone","x"]']) {
      assert.equal(resolveOrgProjectChoice(value, orgs, projects), undefined, value);
    }
  });

  it('takes a branch value only for a branch in the list', () => {
    assert.equal(resolveBranchChoice(branchValue(FEATURE_BRANCH), [FEATURE_BRANCH, MAIN_BRANCH]), FEATURE_BRANCH);
    assert.equal(resolveBranchChoice(branchValue(OTHER_BRANCH), [FEATURE_BRANCH, MAIN_BRANCH]), undefined);
    assert.equal(resolveBranchChoice('[1,2]', [FEATURE_BRANCH]), undefined);
  });
});

describe('state machines', () => {
  const pending = { status: 'pending' as const };
  const error = { status: 'error' as const };
  const ok = <T>(data: T) => ({ status: 'success' as const, data });

  it('org/project selector, in priority order', () => {
    assert.equal(projectOrgDataState('loading', error, error), 'userLoading');
    assert.equal(projectOrgDataState('signedOut', error, error), 'loggedOut');
    assert.equal(projectOrgDataState('signedIn', pending, error), 'loggedIn.dataPending');
    assert.equal(projectOrgDataState('signedIn', ok([]), pending), 'loggedIn.dataPending');
    assert.equal(projectOrgDataState('signedIn', error, ok([1])), 'loggedIn.dataError');
    assert.equal(projectOrgDataState('signedIn', ok([1]), ok([])), 'loggedIn.dataSuccess.hasNoData');
    assert.equal(projectOrgDataState('signedIn', ok([1]), ok([1])), 'loggedIn.dataSuccess.hasData');
  });

  it('branch selector, in priority order', () => {
    assert.equal(branchesDataState('loading', true, error), 'userLoading');
    assert.equal(branchesDataState('signedOut', true, error), 'loggedOut');
    assert.equal(branchesDataState('signedIn', false, pending), 'loggedIn.noBranches');
    assert.equal(branchesDataState('signedIn', true, pending), 'loggedIn.branches.dataPending');
    assert.equal(branchesDataState('signedIn', true, error), 'loggedIn.branches.dataError');
    assert.equal(branchesDataState('signedIn', true, ok([])), 'loggedIn.branches.dataSuccess.noData');
    assert.equal(branchesDataState('signedIn', true, ok([1])), 'loggedIn.branches.dataSuccess.hasData');
  });

  it('value, in priority order; a success without the value is an error', () => {
    assert.equal(variableDataState('loading', 'ref', error, undefined), 'userLoading');
    assert.equal(variableDataState('signedOut', 'ref', error, undefined), 'loggedOut');
    assert.equal(variableDataState('signedIn', undefined, pending, undefined), 'loggedIn.noSelectedProject');
    assert.equal(variableDataState('signedIn', 'ref', pending, undefined), 'loggedIn.selectedProject.dataPending');
    assert.equal(variableDataState('signedIn', 'ref', error, undefined), 'loggedIn.selectedProject.dataError');
    assert.equal(variableDataState('signedIn', 'ref', ok({}), undefined), 'loggedIn.selectedProject.dataError');
    assert.equal(variableDataState('signedIn', 'ref', ok({}), 'v'), 'loggedIn.selectedProject.dataSuccess');
  });
});

describe('variables', () => {
  it('have headings and placeholders', () => {
    assert.equal(prettyName('url'), 'Project URL');
    assert.equal(prettyName('anonKey'), 'Anon key');
    assert.equal(placeholderFor('url'), 'YOUR PROJECT URL');
    assert.equal(placeholderFor('anonKey'), 'YOUR ANON KEY');
  });

  it('read the URL from protocol and endpoint (https by default) and the anon key from defaultApiKey', () => {
    assert.equal(variableValue('url', apiSettings('abc')), 'https://abc.example.test');
    assert.equal(variableValue('url', { autoApiService: { protocol: 'http', endpoint: '127.0.0.1:54321', defaultApiKey: 'k' } }), 'http://127.0.0.1:54321');
    assert.equal(variableValue('url', { autoApiService: { endpoint: 'x.test', defaultApiKey: 'k' } }), 'https://x.test');
    assert.equal(variableValue('anonKey', apiSettings('abc')), 'anon-key-of-abc');
  });

  it('have no value when the field is missing or is the old-project sentence', () => {
    assert.equal(variableValue('url', { autoApiService: { endpoint: '', defaultApiKey: 'k' } }), undefined);
    const sentence = "You're using an older version of Supabase. Create a new project for the latest Auth features.";
    assert.equal(variableValue('anonKey', { autoApiService: { endpoint: 'x', defaultApiKey: sentence } }), undefined);
  });
});
