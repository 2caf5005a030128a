import { documentMachine, type DocumentEvent } from '../../machines/document.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

export const sampleDocument = {
  slug: 'helpdoc', language: 'pt', title: 'Centro de ajuda', updated: '2026-11-01',
  sections: [{ heading: 'Criar conta', paragraphs: ['Use o seu número de telemóvel.'] }],
};

export const documentEvents = {
  'document.retry': { type: 'document.retry' },
  'document.languageChanged': { type: 'document.languageChanged', language: 'en' },
} satisfies Record<DocumentEvent['type'], DocumentEvent>;

export const documentResults = {
  loaded: doneEvent('loadDocument', { ok: true, data: sampleDocument }),
  notFound: doneEvent('loadDocument', { ok: false, code: 'CNT40401', message: 'not found', detail: '' }),
  unreachable: errorEvent('loadDocument', new Error('network down')),
};

export const documentModel: FlowModel<typeof documentMachine> = {
  machine: parkInvokes(documentMachine, ['loadDocument']),
  variants: [{ name: 'help page', input: { key: 'helpdoc', language: 'pt' } }],
  events: [...Object.values(documentEvents), ...Object.values(documentResults)],
  // the language only matters once: treat pt and en as one state so the graph stays small
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
