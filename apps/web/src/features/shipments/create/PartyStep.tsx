import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import SaveIcon from "@mui/icons-material/Save";
import { Alert, Autocomplete, Box, Button, CircularProgress, TextField, Typography } from "@mui/material";
import { type Dispatch, useState } from "react";
import { ApiError, errorMessage } from "../../../lib/api";
import {
  type CountryRow,
  MASTER_PATHS,
  type PartyRow,
  partyId,
  receiverRowSchema,
  senderRowSchema,
  useCreate,
} from "../../master-data/api";
import { CountryPicker } from "../../master-data/fields";
import { missingFor, type PartyErrors, partyErrors } from "./draft";
import { RadioChoice, TextInput } from "./fields";
import { contactFields, FIELD_LABELS, partyBody } from "./party";
import { PARTY_MODE, type PartySide, type PartyState, type PartyTextField, type WizardAction } from "./state";

const NOUN: Record<PartySide, string> = { sender: "Sender", receiver: "Receiver" };
const HEADING: Record<PartySide, string> = { sender: "Ship from (sender)", receiver: "Ship to (receiver)" };

export interface PartyStepProps {
  side: PartySide;
  party: PartyState;
  contacts: readonly PartyRow[];
  countries: readonly CountryRow[];
  /** The receiver's country must differ from this (the sender's). */
  senderCountryId?: number;
  dispatch: Dispatch<WizardAction>;
  onNext: () => void;
  onBack?: () => void;
}

const contactLabel = (row: PartyRow) =>
  [row.name, row.company, row.city, row.country?.name].filter(Boolean).join(" · ").toUpperCase();

/** The sender or receiver step: New (typed, may be saved to the address book) or From Contact (locked). */
export function PartyStep({
  side,
  party,
  contacts,
  countries,
  senderCountryId,
  dispatch,
  onNext,
  onBack,
}: PartyStepProps) {
  const noun = NOUN[side];
  const create = useCreate(MASTER_PATHS[side], side === "sender" ? senderRowSchema : receiverRowSchema);
  const [serverErrors, setServerErrors] = useState<PartyErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const iso2Of = (id: number) => countries.find((country) => country.country_id === id)?.iso2;
  const errors: PartyErrors = { ...serverErrors, ...partyErrors(party, { iso2Of, senderCountryId }) };
  const hasErrors = Object.keys(errors).length > 0;
  const fromContact = party.mode === PARTY_MODE.contact;
  const locked = fromContact || create.isPending;
  const country = countries.find((row) => row.country_id === party.country_id);
  const missingToContinue = missingFor(party, side, "continue");
  const missingToSave = missingFor(party, side, "save");
  const canContinue = missingToContinue.length === 0 && !hasErrors && !create.isPending;
  const canSave = missingToSave.length === 0 && !hasErrors && !create.isPending;

  const setField = (field: PartyTextField) => (value: string) => {
    setServerErrors(({ [field]: _, ...rest }) => rest);
    setSaveError(null);
    dispatch({ type: "partyField", side, field, value });
  };
  const text = (field: PartyTextField, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      label={FIELD_LABELS[field]}
      value={party[field]}
      onChange={setField(field)}
      disabled={locked}
      error={errors[field]}
      {...extra}
    />
  );

  const pickContact = (row: PartyRow) => {
    const fields = contactFields(row);
    dispatch({ type: "partyContact", side, id: partyId(row), fields, vat: "vat" in row ? (row.vat ?? null) : null });
    // Choosing a contact moves on, unless it lands in the sender's country.
    if (!(senderCountryId && fields.country_id === senderCountryId)) onNext();
  };

  const save = () =>
    create.mutate(partyBody(party, side), {
      onSuccess: (answer) => {
        const saved = answer.data as PartyRow;
        dispatch({ type: "partySaved", side, id: partyId(saved) });
        onNext();
      },
      onError: (error) => {
        const issues = error instanceof ApiError ? error.fieldIssues : [];
        setServerErrors(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
        setSaveError(errorMessage(error));
      },
    });

  return (
    <Box component="section" aria-label={HEADING[side]}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {HEADING[side]}
      </Typography>
      <RadioChoice
        label={`${noun} type`}
        value={party.mode}
        choices={[
          { value: PARTY_MODE.new, label: "New" },
          { value: PARTY_MODE.contact, label: "From Contact" },
        ]}
        onChange={(mode) => {
          setServerErrors({});
          dispatch({ type: "partyMode", side, mode });
        }}
      />
      <Box
        sx={{ display: "grid", columnGap: 2, rowGap: 0.5, mt: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}
      >
        {fromContact ? (
          <Autocomplete
            freeSolo
            options={contacts}
            value={null}
            inputValue={party.name}
            onInputChange={(_, value, reason) => {
              // Typing by hand clears the other fields and the contact flag; choosing fills them.
              if (reason === "input") dispatch({ type: "partyName", side, value });
            }}
            onChange={(_, row) => {
              if (row && typeof row !== "string") pickContact(row);
            }}
            getOptionLabel={(row) => (typeof row === "string" ? row : row.name)}
            renderOption={({ key, ...props }, row) => (
              <li key={key} {...props}>
                {contactLabel(row)}
              </li>
            )}
            noOptionsText={`No ${noun.toLowerCase()}s in your address book`}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Name"
                required
                error={errors.name !== undefined}
                helperText={errors.name ?? (party.key ? "From your contacts" : `Choose a saved ${noun.toLowerCase()}`)}
              />
            )}
          />
        ) : (
          text("name", { required: true, maxLength: 150 })
        )}
        {text("company", { required: true, maxLength: 150 })}
        <CountryPicker
          countries={countries}
          value={party.country_id}
          onChange={(countryId) => {
            setServerErrors(({ country_id: _, phone: __, ...rest }) => rest);
            dispatch({ type: "partyCountry", side, countryId });
          }}
          required
          disabled={locked}
          error={errors.country_id}
        />
        {text("phone", {
          mode: "phone",
          required: true,
          maxLength: 20,
          // Enabled only once a country is chosen.
          disabled: locked || !country,
          hint: !country ? "Choose the country first" : country.iso2 === "US" ? "Exactly 10 digits" : undefined,
        })}
        {text("address", { required: true, hint: "Fewer than 45 characters" })}
        {text("address_2", { hint: "Fewer than 45 characters" })}
        <Box sx={{ gridColumn: "1 / -1" }}>{text("address_3", { maxLength: 300 })}</Box>
        {text("city", { maxLength: 60 })}
        {text("state", { maxLength: 60 })}
        {text("postal_code", { maxLength: 20 })}
        {text("email", { mode: "email", maxLength: 254 })}
        {side === "sender" ? (
          <>
            {text("ntn", { maxLength: 50, hint: "Needed to save the sender to the address book" })}
            {text("cnic", { mode: "digits", maxLength: 13, hint: "13 digits; dashes and spaces are removed" })}
          </>
        ) : null}
      </Box>
      {saveError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {saveError}
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mt: 2 }}>
        {onBack ? (
          <Button onClick={onBack} startIcon={<ArrowBackIcon />}>
            Back
          </Button>
        ) : null}
        {fromContact ? null : (
          <Button
            variant="outlined"
            onClick={save}
            disabled={!canSave}
            startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          >
            Save {noun}
          </Button>
        )}
        <Button variant="contained" onClick={onNext} disabled={!canContinue} endIcon={<ArrowForwardIcon />}>
          Continue
        </Button>
        {missingToContinue.length > 0 ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            To continue, fill in: {missingToContinue.map((field) => FIELD_LABELS[field].toLowerCase()).join(", ")}
          </Typography>
        ) : !fromContact && missingToSave.length > 0 ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            To save to the address book, also fill in:{" "}
            {missingToSave.map((field) => FIELD_LABELS[field].toLowerCase()).join(", ")}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
