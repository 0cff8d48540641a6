import { useCountries, useCurrencies, usePackages, useServices } from "./api";
import { InlineEditTable } from "./InlineEditTable";
import {
  COUNTRY_ADD,
  COUNTRY_TABLE,
  CURRENCY_ADD,
  CURRENCY_TABLE,
  PACKAGE_ADD,
  PACKAGE_TABLE,
  SERVICE_ADD,
  SERVICE_TABLE,
} from "./kinds";
import { SimpleAddPage } from "./SimpleAddPage";

/** Add Country: name and numeric code. */
export const CountryAddPage = () => <SimpleAddPage kind={COUNTRY_ADD} />;
/** Country Details: in-place edit with Country Edit, delete with Country Delete (refused while in use). */
export const CountryListPage = () => <InlineEditTable kind={COUNTRY_TABLE} query={useCountries()} />;

/** Add Package: name, weight (at least 0.1 kg) and the three dimensions (at least 1 cm). */
export const PackageAddPage = () => <SimpleAddPage kind={PACKAGE_ADD} />;
/** Packages Details: in-place edit with Packages Edit (quantity too), delete with Packages Delete. */
export const PackageListPage = () => <InlineEditTable kind={PACKAGE_TABLE} query={usePackages()} />;

/** Add Service: a name of at least 2 characters. */
export const ServiceAddPage = () => <SimpleAddPage kind={SERVICE_ADD} />;
/** Service List: in-place edit of name and code with Service Edit, delete with Service Delete. */
export const ServiceListPage = () => <InlineEditTable kind={SERVICE_TABLE} query={useServices()} />;

/** Add Currency: name, code, sign and rate, all required. */
export const CurrencyAddPage = () => <SimpleAddPage kind={CURRENCY_ADD} />;
/** Currency List: in-place edit with Currency Edit, delete with Currency Delete (USD is refused). */
export const CurrencyListPage = () => <InlineEditTable kind={CURRENCY_TABLE} query={useCurrencies()} />;
