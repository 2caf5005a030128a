import type { FlowModel } from '../support/mbt.ts';

/**
 * The model of every machine, found by name: `tests/models/<flow>.model.ts` exports `<flow>Model`
 * for `machines/<flow>.machine.ts`. The gate checks that every machine has one.
 */
const modules = import.meta.glob<Record<string, unknown>>('./*.model.ts', { eager: true });

export const models: Record<string, FlowModel> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => {
    const flow = file.slice('./'.length, -'.model.ts'.length);
    const model = module[`${flow}Model`];
    if (!model) throw new Error(`tests/models/${flow}.model.ts must export ${flow}Model`);
    return [`${flow}.machine.ts`, model as FlowModel];
  }),
);
