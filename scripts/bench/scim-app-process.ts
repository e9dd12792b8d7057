/**
 * The sample SCIM app in a process of its own, for the Sync bench: what it stores of 100,000
 * users is not counted in the portal's memory, and it answers while the portal works.
 * SCIM_TOKEN, SCIM_LATENCY_MS (each request waits this long, as a real app's would),
 * SCIM_BULK_MAX_OPERATIONS (offers SCIM Bulk with this many operations a request, 1 MiB each
 * at most, as common apps do; 0 offers none). Sends its
 * endpoint to the parent once listening; ends with the parent.
 */
import { listenScimApp } from '../../apps/server/test/scim-service.ts';

const app = await listenScimApp(process.env.SCIM_TOKEN!);
app.scim.setLatency(Number(process.env.SCIM_LATENCY_MS ?? 0));
const bulkOperations = Number(process.env.SCIM_BULK_MAX_OPERATIONS ?? 0);
app.scim.setBulk(bulkOperations > 0 ? { maxOperations: bulkOperations, maxPayloadSize: 1024 * 1024 } : null);
process.send!({ endpoint: app.endpoint });
process.on('disconnect', () => {
  app.close();
  process.exit(0);
});
