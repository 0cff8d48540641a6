import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { type CurrencyRow, useCurrencies } from "./api";

const rate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });

const columns: readonly Column<CurrencyRow>[] = [
  { key: "name", header: "Name", render: (currency) => currency.name },
  { key: "sign", header: "Sign", render: (currency) => currency.sign || "—" },
  { key: "code", header: "Code", render: (currency) => currency.code },
  { key: "rate", header: "Rate", align: "right", render: (currency) => rate.format(currency.rate) },
];

export default function CurrencyListPage() {
  const currencies = useCurrencies();
  const total = currencies.data?.total_results;

  return (
    <DataTable
      label="Currencies"
      columns={columns}
      rows={currencies.data?.data}
      rowKey={(currency) => currency.id}
      loading={currencies.isPending}
      error={currencies.error}
      onRetry={() => void currencies.refetch()}
      emptyMessage="No currencies yet."
      toolbar={
        <ResultCount shown={currencies.data?.data.length} total={total} singular="currency" plural="currencies" />
      }
    />
  );
}
