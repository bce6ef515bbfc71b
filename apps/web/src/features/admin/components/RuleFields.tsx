/** The staff table form's rule fields: the shared component (src/components/RuleFields.tsx). */
export { RuleFields, type RuleFieldsProps } from '../../../components/RuleFields';
