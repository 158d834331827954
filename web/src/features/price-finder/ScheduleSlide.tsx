import type { ContactPreference, TimeSlot } from '../../lib/api';
import { RadioGroup, type RadioGroupClasses } from '../../components/FormField';
import { CONTACT_PREFERENCES } from '../../lib/moveOptions';
import { usePriceFinderStore } from './usePriceFinderStore';
import { TIME_SLOTS } from '../../lib/options';
import { companyToday } from '../../lib/calendar';

const PF_RADIOS: RadioGroupClasses = {
  fieldset: 'pf-fieldset pf-fieldset--plain',
  legend: 'form__label',
  options: 'pf-radios',
  option: 'pf-radio',
  checked: 'is-selected',
};

/** Slide 5: dates (minimum today, §5) and preferences (time slot, how to be contacted). */
export function ScheduleSlide() {
  const schedule = usePriceFinderStore((s) => s.schedule);
  const contactPreference = usePriceFinderStore((s) => s.contactPreference);
  const setSchedule = usePriceFinderStore((s) => s.setSchedule);
  const setContactPreference = usePriceFinderStore((s) => s.setContactPreference);
  const today = companyToday();

  return (
    <div className="pf-slide__body">
      <div className="pf-grid pf-grid--2">
        <div className="form__field">
          <label className="form__label" htmlFor="pf-fecha">
            Fecha preferida
          </label>
          <input
            id="pf-fecha"
            className="input"
            type="date"
            required
            min={today}
            value={schedule.preferredDate}
            onChange={(e) => setSchedule({ preferredDate: e.target.value })}
          />
        </div>
        <div className="form__field">
          <label className="form__label" htmlFor="pf-fecha-alternativa">
            Fecha alternativa <span className="pf-optional">(opcional)</span>
          </label>
          <input
            id="pf-fecha-alternativa"
            className="input"
            type="date"
            min={schedule.preferredDate || today}
            value={schedule.alternativeDate}
            onChange={(e) => setSchedule({ alternativeDate: e.target.value })}
          />
        </div>
      </div>
      <label className="pf-check">
        <input
          type="checkbox"
          checked={schedule.flexibleDates}
          onChange={(e) => setSchedule({ flexibleDates: e.target.checked })}
        />
        <span>Mis fechas son flexibles</span>
      </label>
      <p className="pf-muted pf-note">
        Te recomendamos reservar con 4 a 6 semanas de antelación. Cambiar la fecha es gratis avisando con al menos 48
        horas.
      </p>

      <RadioGroup<TimeSlot>
        classes={PF_RADIOS}
        name="pf-horario"
        legend="Franja horaria"
        options={TIME_SLOTS}
        value={schedule.timePreference}
        onChange={(timePreference) => setSchedule({ timePreference })}
      />
      <RadioGroup<ContactPreference>
        classes={PF_RADIOS}
        name="pf-contacto"
        legend="¿Cómo prefieres que te contactemos?"
        options={CONTACT_PREFERENCES}
        value={contactPreference}
        onChange={setContactPreference}
      />
    </div>
  );
}
