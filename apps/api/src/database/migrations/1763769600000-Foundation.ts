import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763769600000 implements MigrationInterface {
  name = 'Foundation1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE departments (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL
      );
      CREATE UNIQUE INDEX departments_name_key ON departments (lower(name));

      CREATE TABLE permissions (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL UNIQUE,
        resource varchar(32) NOT NULL,
        action varchar(16) NOT NULL,
        description varchar(200) NOT NULL
      );

      CREATE TABLE roles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        description varchar(500),
        is_system_role boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));

      CREATE TABLE role_permissions (
        role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        permission_id int NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, permission_id)
      );

      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash varchar(255) NOT NULL,
        first_name varchar(100),
        last_name varchar(100),
        department_id int REFERENCES departments(id) ON DELETE RESTRICT,
        must_change_password boolean NOT NULL DEFAULT false,
        email_confirmed boolean NOT NULL DEFAULT true,
        lockout_enabled boolean NOT NULL DEFAULT false,
        lockout_end timestamptz,
        access_failed_count int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (email);
      CREATE INDEX users_department_idx ON users (department_id);

      CREATE TABLE user_roles (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id uuid NOT NULL REFERENCES roles(id) ON DELETE RESTRICT,
        PRIMARY KEY (user_id, role_id)
      );
      CREATE INDEX user_roles_role_idx ON user_roles (role_id);

      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash varchar(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
      CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);

      CREATE TABLE settings (
        key varchar(100) PRIMARY KEY,
        value text NOT NULL,
        description varchar(300),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE settings, refresh_tokens, user_roles, users, role_permissions, roles, permissions, departments`,
    );
  }
}
