import type { WaybillSignature } from '../lib/api';
import { SIGNER_LABELS, STAGE_HEADINGS, type ClaimObjectRecords, type ClaimStageRecords } from '../lib/claims';
import { formatDateTime } from '../lib/format';
import { objectConditionLabel } from '../lib/options';
import { Badge } from './Badge';
import './ClaimRecords.css';

type WaybillStage = keyof typeof STAGE_HEADINGS;

const STAGES: readonly WaybillStage[] = ['recogida', 'entrega'];

const CONDITION_TONES: Record<string, 'success' | 'warning' | 'error'> = {
  buen_estado: 'success',
  danos_previos: 'warning',
  danos_causados: 'error',
};

interface ClaimRecordsProps {
  registros: readonly ClaimObjectRecords[];
  firmas: readonly WaybillSignature[];
  /** Prefix of the headings' ids, unique on the page. */
  idPrefix: string;
  /** The level of each object's heading (its stages' are one below), under the caller's section. */
  level: 3 | 4;
}

/**
 * What the crew recorded of each claimed object, pickup beside delivery (the notes with their
 * condition and the photos), and the waybill's signatures of each stage below: the evidence both
 * the client and the manager read the claim against.
 */
export function ClaimRecords({ registros, firmas, idPrefix, level }: ClaimRecordsProps) {
  const Name = level === 3 ? 'h3' : 'h4';
  const Stage = level === 3 ? 'h4' : 'h5';
  return (
    <div className="claim-records">
      {registros.map((record, index) => {
        const headingId = `${idPrefix}-objeto-${index}`;
        return (
          <section key={record.objeto.id} className="claim-records__object" aria-labelledby={headingId}>
            <Name id={headingId} className="claim-records__name">
              {record.objeto.nombre}
            </Name>
            <div className="claim-records__stages">
              {STAGES.map((stage) => (
                <StageColumn
                  key={stage}
                  stage={stage}
                  records={record[stage]}
                  objectName={record.objeto.nombre}
                  headingId={`${headingId}-${stage}`}
                  Heading={Stage}
                />
              ))}
            </div>
          </section>
        );
      })}
      <Signatures firmas={firmas} idPrefix={idPrefix} Name={Name} Heading={Stage} />
    </div>
  );
}

function StageColumn({
  stage,
  records,
  objectName,
  headingId,
  Heading,
}: {
  stage: WaybillStage;
  records: ClaimStageRecords;
  objectName: string;
  headingId: string;
  Heading: 'h4' | 'h5';
}) {
  const empty = records.notas.length === 0 && records.fotos.length === 0;
  return (
    <div className={`claim-records__stage claim-records__stage--${stage}`} role="group" aria-labelledby={headingId}>
      <Heading id={headingId} className="claim-records__stage-title">
        {STAGE_HEADINGS[stage]}
      </Heading>
      {empty ? (
        <p className="claim-records__empty">Sin registros</p>
      ) : (
        <>
          {records.notas.length > 0 && (
            <ul className="claim-records__notes">
              {records.notas.map((note) => (
                <li key={note.id}>
                  <span className="claim-records__note-head">
                    <Badge tone={CONDITION_TONES[note.estado] ?? 'neutral'}>{objectConditionLabel(note.estado)}</Badge>
                    <time dateTime={note.fecha}>{formatDateTime(note.fecha)}</time>
                  </span>
                  {note.nota.trim() !== '' && <span className="claim-records__note">{note.nota}</span>}
                </li>
              ))}
            </ul>
          )}
          {records.fotos.length > 0 && (
            <ul className="claim-photos" aria-label={`Fotos ${STAGE_HEADINGS[stage].toLowerCase()}`}>
              {records.fotos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={photo.url}
                      alt={
                        photo.descripcion.trim() ||
                        `Foto ${index + 1} de ${objectName} ${STAGE_HEADINGS[stage].toLowerCase()}`
                      }
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function Signatures({
  firmas,
  idPrefix,
  Name,
  Heading,
}: {
  firmas: readonly WaybillSignature[];
  idPrefix: string;
  Name: 'h3' | 'h4';
  Heading: 'h4' | 'h5';
}) {
  const headingId = `${idPrefix}-firmas`;
  return (
    <section className="claim-records__signatures" aria-labelledby={headingId}>
      <Name id={headingId} className="claim-records__name">
        Firmas del albarán
      </Name>
      <div className="claim-records__stages">
        {STAGES.map((stage) => {
          const signed = firmas.filter((f) => f.etapa === stage);
          const stageId = `${headingId}-${stage}`;
          return (
            <div key={stage} className="claim-records__stage" role="group" aria-labelledby={stageId}>
              <Heading id={stageId} className="claim-records__stage-title">
                {STAGE_HEADINGS[stage]}
              </Heading>
              {signed.length === 0 ? (
                <p className="claim-records__empty">Sin firmas</p>
              ) : (
                <ul className="claim-records__signature-list">
                  {signed.map((firma) => (
                    <li key={firma.id} className="claim-records__signature">
                      <img
                        src={firma.url}
                        alt={`Firma de ${firma.nombre} (${SIGNER_LABELS[firma.firmante].toLowerCase()}) ${STAGE_HEADINGS[stage].toLowerCase()}`}
                        loading="lazy"
                      />
                      <span className="claim-records__signer">
                        <strong>{firma.nombre}</strong>
                        <span>{SIGNER_LABELS[firma.firmante]}</span>
                        <time dateTime={firma.firmado_en}>{formatDateTime(firma.firmado_en)}</time>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
