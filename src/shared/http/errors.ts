// The members failure model is a pure rule that machines read too, so it lives in src/domain.
export * from '../../domain/memberFailure';
