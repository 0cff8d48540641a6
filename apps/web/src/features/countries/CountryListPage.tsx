import { useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { matchesSearch } from "../../lib/format";
import { type CountryRow, useCountries } from "./api";

/** ISO numeric codes are three digits: 4 is shown as 004. */
const numericCode = (code: string | number): string => String(code).padStart(3, "0");

const dialCode = (dial: string | null | undefined): string => {
  if (!dial) return "—";
  return dial.startsWith("+") ? dial : `+${dial}`;
};

const columns: readonly Column<CountryRow>[] = [
  { key: "name", header: "Name", render: (country) => country.name },
  { key: "code", header: "Numeric Code", render: (country) => numericCode(country.code) },
  { key: "iso2", header: "ISO Alpha-2", render: (country) => country.iso2 || "—" },
  { key: "dial", header: "Dial Code", render: (country) => dialCode(country.dial_code) },
];

export default function CountryListPage() {
  const countries = useCountries();
  const [search, setSearch] = useState("");
  const rows = useMemo(
    () =>
      countries.data?.filter((country) =>
        matchesSearch(search, [country.name, numericCode(country.code), country.iso2, country.dial_code]),
      ),
    [countries.data, search],
  );

  return (
    <DataTable
      label="Countries"
      columns={columns}
      rows={rows}
      rowKey={(country) => country.country_id}
      loading={countries.isPending}
      error={countries.error}
      onRetry={() => void countries.refetch()}
      emptyMessage={search ? "No country matches your search." : "No countries yet."}
      toolbar={
        <>
          <SearchField label="Search countries" value={search} onChange={setSearch} />
          <ResultCount shown={rows?.length} total={countries.data?.length} singular="country" plural="countries" />
        </>
      }
    />
  );
}
