import { stickersMachine, type StickersEvent } from '../../machines/stickers.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

const batch = (id: number, count = 12) => ({
  batchId: String(id), count, firstSerial: `KW${String(id * 1000 + 1).padStart(10, '0')}`, lastSerial: `KW${String(id * 1000 + count).padStart(10, '0')}`,
  issuedBy: 'Operadora Demo', issuedAt: '2026-03-14T09:00:00.000Z', bound: 2,
});
export const sampleBatches = Array.from({ length: 20 }, (_, i) => batch(21 - i + 10));
export const sampleIssued = batch(41, 24);
export const sampleBatchPage = { batches: sampleBatches, total: 45 };

export const stickersUserEvents = {
  'batches.retry': { type: 'batches.retry' },
  'page.changed': { type: 'page.changed', page: 2 },
  'count.changed': { type: 'count.changed', value: '24' },
  'issue.submitted': { type: 'issue.submitted' },
  'batch.download': { type: 'batch.download', batchId: '31' },
} satisfies Record<StickersEvent['type'], StickersEvent>;

export const stickersModel: FlowModel<typeof stickersMachine> = {
  machine: parkInvokes(stickersMachine, ['loadBatches', 'issueBatch', 'downloadBatch']),
  variants: [{ name: 'an operator', input: undefined }],
  events: [
    ...Object.values(stickersUserEvents),
    { type: 'count.changed', value: '501' } as StickersEvent,
    doneEvent('loadBatches', { ok: true, data: sampleBatchPage }),
    doneEvent('loadBatches', { ok: true, data: { batches: [], total: 0 } }),
    doneEvent('loadBatches', refusal('AGW10005')),
    errorEvent('loadBatches', new Error('network down')),
    doneEvent('issueBatch', { ok: true, data: { batch: sampleIssued } }),
    doneEvent('issueBatch', refusal('AGW10003')),
    errorEvent('issueBatch', new Error('network down')),
    doneEvent('downloadBatch', { ok: true, data: { saved: true } }),
    doneEvent('downloadBatch', refusal('notFound')),
    errorEvent('downloadBatch', new Error('blob failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.page, c.batches.length, c.total, c.countText, c.issued !== null, c.downloadId]);
  },
};
