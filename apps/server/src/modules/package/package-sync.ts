import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { packageServices } from '../../db/schema/index.ts';
import { enqueueDeliveries } from '../../platform/outbox/provisioning-queue.ts';

/** Queues, in the caller's transaction, what a unit holds of a pack for the app of each service in it. */
export async function queuePackageSync(tx: Transaction, unitPackage: { id: string; unitId: string; packageId: string }): Promise<string[]> {
  const held = await tx.select({ serviceId: packageServices.serviceId }).from(packageServices).where(eq(packageServices.packageId, unitPackage.packageId));
  return enqueueDeliveries(
    tx,
    held.map(({ serviceId }) => ({
      unitId: unitPackage.unitId,
      serviceId,
      objectType: 'subscription' as const,
      objectId: `${unitPackage.id}:${serviceId}`,
      payload: { unitPackageId: unitPackage.id },
    })),
  );
}
