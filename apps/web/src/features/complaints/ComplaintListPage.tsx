import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import { Button } from "@mui/material";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { type CsvColumn, ExportCsvButton } from "../../components/ExportCsvButton";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { formatDay } from "../../lib/dates";
import { kg, matchesSearch } from "../../lib/format";
import { useCan } from "../../lib/hooks";
import { CnLink } from "../shipments/CnLink";
import { type Complaint, useComplaints } from "./api";
import { COMPLAINT_PERMISSIONS, COMPLAINT_ROUTES, editComplaintPath } from "./paths";
import { StatusChip } from "./StatusChip";

const place = (party: Complaint["shipment"]["shipper"]) => [party.city, party.country].filter(Boolean).join(", ");

const baseColumns: readonly Column<Complaint>[] = [
  {
    key: "cn",
    header: "C/N No",
    nowrap: true,
    render: (row) => <CnLink trackingId={row.cn_number} shipmentId={row.shipment_id} />,
  },
  { key: "date", header: "Complain Date", nowrap: true, render: (row) => formatDay(row.complaint_date) },
  { key: "statement", header: "Complain", render: (row) => row.complaint_satement },
  { key: "status", header: "Status", nowrap: true, render: (row) => <StatusChip status={row.statu.status} /> },
  { key: "type", header: "Dox Type", render: (row) => row.shipment.shipment_type },
  {
    key: "shipper",
    header: "Shipper",
    render: (row) => `${row.shipment.shipper.name} (${place(row.shipment.shipper)})`,
  },
  {
    key: "consignee",
    header: "Consignee",
    render: (row) => `${row.shipment.consignee.name} (${place(row.shipment.consignee)})`,
  },
];

/** The file holds every complaint with its shipment's facts. */
const CSV_COLUMNS: readonly CsvColumn<Complaint>[] = [
  { header: "Complaint ID", value: (row) => row.complaint_id },
  { header: "C/N No", value: (row) => row.cn_number },
  { header: "Complain Date", value: (row) => row.complaint_date },
  { header: "Complain", value: (row) => row.complaint_satement },
  { header: "Status", value: (row) => row.statu.status },
  { header: "C/N Date", value: (row) => row.shipment.shipment_date },
  { header: "Dox Type", value: (row) => row.shipment.shipment_type },
  { header: "Unit", value: (row) => row.shipment.total_packages },
  { header: "Weight", value: (row) => kg(row.shipment.total_weight) },
  { header: "Shipper Name", value: (row) => row.shipment.shipper.name },
  { header: "Shipper City", value: (row) => row.shipment.shipper.city },
  { header: "Shipper Country", value: (row) => row.shipment.shipper.country },
  { header: "Consignee Name", value: (row) => row.shipment.consignee.name },
  { header: "Consignee City", value: (row) => row.shipment.consignee.city },
  { header: "Consignee Country", value: (row) => row.shipment.consignee.country },
];

/** The complaint table: 50 a page (20 to 200), searchable and exportable; Edit needs Complaint Edit. */
export default function ComplaintListPage() {
  const complaints = useComplaints();
  const canEdit = useCan(COMPLAINT_PERMISSIONS.edit);
  const canAdd = useCan(COMPLAINT_PERMISSIONS.add);
  const [search, setSearch] = useState("");

  const rows = useMemo(
    () =>
      complaints.data?.filter((row) =>
        matchesSearch(search, [
          row.cn_number,
          row.complaint_satement,
          row.statu.status,
          row.shipment.shipper.name,
          row.shipment.consignee.name,
          row.shipment.shipper.city,
          row.shipment.consignee.city,
        ]),
      ),
    [complaints.data, search],
  );

  const columns = useMemo<readonly Column<Complaint>[]>(() => {
    if (!canEdit) return baseColumns;
    return [
      ...baseColumns,
      {
        key: "actions",
        header: "Actions",
        nowrap: true,
        render: (row) => (
          <Button
            size="small"
            component={RouterLink}
            to={editComplaintPath(row.complaint_id)}
            startIcon={<EditIcon fontSize="small" />}
            aria-label={`Edit complaint on C/N ${row.cn_number}`}
          >
            Edit
          </Button>
        ),
      },
    ];
  }, [canEdit]);

  return (
    <DataTable
      label="Complaint Details"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.complaint_id}
      loading={complaints.isPending}
      error={complaints.error}
      onRetry={() => void complaints.refetch()}
      emptyMessage={search.trim() ? "No complaint matches your search." : "No complaints yet."}
      toolbar={
        <>
          <SearchField label="Search complaints" value={search} onChange={setSearch} />
          <ExportCsvButton
            fileName="complaints"
            columns={CSV_COLUMNS}
            loadRows={() => rows ?? []}
            disabled={(rows?.length ?? 0) === 0}
          />
          {canAdd ? (
            <Button component={RouterLink} to={COMPLAINT_ROUTES.add} startIcon={<AddIcon />}>
              Add Complain
            </Button>
          ) : null}
          <ResultCount shown={rows?.length} total={complaints.data?.length} singular="complaint" />
        </>
      }
    />
  );
}
