// The social failure texts are a pure rule that machines read too, so they live in src/domain.
export * from '../../domain/socialFailure';
