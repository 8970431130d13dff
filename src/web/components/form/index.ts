// Form building blocks shared by every feature's forms.
export { ErrorSummary, focusErrorSummary, type Problem } from './error-summary';
export { FieldError } from './field-error';
export { FieldGroup, fieldDescribedBy, TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from './field';
