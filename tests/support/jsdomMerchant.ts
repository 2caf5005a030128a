import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { createMerchantDirect, type MerchantSetup } from './merchant.ts';
import type { TestServer } from './server.ts';

/**
 * A merchant for screen tests (jsdom) that pay it through the real gateway. The merchant helpers
 * upload the verification's documents as multipart FormData read by Node's Response; jsdom
 * replaces FormData, Blob and File with its own, which Node cannot serialise, so Node's own serve while
 * the merchant is made.
 */
export async function merchantForScreens(server: TestServer): Promise<MerchantSetup> {
  const saved = { FormData: globalThis.FormData, Blob: globalThis.Blob, File: globalThis.File };
  // Node's FormData is not exported by a node: module: a parsed body is one
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  Object.assign(globalThis, { FormData: NodeFormData, Blob: NodeBlob, File: NodeFile });
  try {
    return await createMerchantDirect(server);
  } finally {
    Object.assign(globalThis, saved);
  }
}
