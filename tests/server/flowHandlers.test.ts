import { describe, expect, it } from 'vitest';
import { FLOW_CONTRACTS, contractList } from '../../services/contract/index.ts';

/**
 * A flow's calls are served from its own folder: server/domains/<flow>/handlers.ts exports
 * `<flow>Handlers` with exactly the calls of services/contract/<flow>.ts (the registry's types
 * check the contents; this checks the place and the name).
 */
describe('one handlers module per flow, named after it', () => {
  it.each(Object.keys(FLOW_CONTRACTS))('%s', async (flow) => {
    const module = (await import(`../../server/domains/${flow}/handlers.ts`)) as Record<string, object | undefined>;
    const calls = contractList.filter((entry) => entry.flow === flow).map((entry) => entry.contract.name);
    expect(Object.keys(module[`${flow}Handlers`] ?? {}).sort()).toEqual(calls.sort());
  });
});
