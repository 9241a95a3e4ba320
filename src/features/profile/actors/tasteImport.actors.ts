import { fromCallback, fromPromise } from 'xstate';
import type { ServiceName } from '../../../domain/profile';
import type { TasteOffer } from '../../../domain/tasteImport';
import type { TasteImportEvent } from '../machines/tasteImport.machine';
import { acceptTasteOffer, clearTasteOffer, isTasteOfferPending, loadTasteOffer, watchTasteOffer } from '../services/tasteImport';

/** A just-connected service's taste offer: its mark on the device, what the service reports, the accepted import. */
export const tasteImportImplementations = {
  actors: {
    watchConnects: fromCallback<TasteImportEvent, { service: ServiceName }>(({ sendBack, input }) => {
      const report = () => {
        if (isTasteOfferPending(input.service)) sendBack({ type: 'CONNECTED' });
      };
      report();
      return watchTasteOffer(input.service, report);
    }),
    loadOffer: fromPromise<TasteOffer, { service: ServiceName }>(({ input }) => loadTasteOffer(input.service)),
    saveImport: fromPromise<unknown, { offer: TasteOffer; items: string[] }>(async ({ input }) => acceptTasteOffer(input.offer, input.items)),
  },
  actions: {
    settle: ({ context }: { context: { service: ServiceName } }) => clearTasteOffer(context.service),
  },
};
