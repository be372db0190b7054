import type { User } from './account.types.ts'
import type { UserProfile } from './user-account.ts'

export function toUserDto(profile: UserProfile): User {
  return {
    id: profile.userId,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatar_url: profile.avatarUrl,
    phone: null,
    role: profile.role,
    emailConfirmed: profile.emailConfirmed,
    providers: profile.providers,
    createdAt: profile.createdAt.toISOString(),
    lastLoginAt: profile.lastLoginAt?.toISOString() ?? null,
  }
}
