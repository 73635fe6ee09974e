export interface Department {
  id: number;
  name: string;
}

export interface CreateDepartmentRequest {
  name: string;
}

export const DEPARTMENT_NAME_MIN = 2;
export const DEPARTMENT_NAME_MAX = 100;
