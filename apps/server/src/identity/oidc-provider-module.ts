/**
 * oidc-provider, loaded without mapping ICU's locale data (issue 12, server memory).
 *
 * When its module loads, oidc-provider builds two `Intl.ListFormat`s that only ever word rare
 * error messages ("'a', 'b', or 'c'"). Building one maps ICU's data for its locale: ~10 MiB
 * of the process's resident memory from then on, measured on Node 24, for text no sign-in
 * shows. While the package loads, `Intl.ListFormat` builds its ICU object on first use instead;
 * the global is restored at once.
 */
import type OidcProvider from 'oidc-provider';

const IcuListFormat = Intl.ListFormat;

class ListFormatOnFirstUse {
  #arguments: ConstructorParameters<typeof Intl.ListFormat>;
  #formatter: Intl.ListFormat | undefined;
  constructor(...args: ConstructorParameters<typeof Intl.ListFormat>) {
    this.#arguments = args;
  }
  #icu(): Intl.ListFormat {
    return (this.#formatter ??= new IcuListFormat(...this.#arguments));
  }
  format(list: Iterable<string>): string {
    return this.#icu().format(list);
  }
  formatToParts(list: Iterable<string>) {
    return this.#icu().formatToParts(list);
  }
  resolvedOptions() {
    return this.#icu().resolvedOptions();
  }
}

const intl = Intl as { ListFormat: typeof Intl.ListFormat };
intl.ListFormat = ListFormatOnFirstUse as unknown as typeof Intl.ListFormat;
const oidcProvider = await import('oidc-provider').finally(() => {
  intl.ListFormat = IcuListFormat;
});

export const { default: Provider, errors, interactionPolicy } = oidcProvider;
export type Provider = OidcProvider;
