import { data } from "react-router";

/** The submitted form, or a 400 for a body that is not a form (never a 500). */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "요청 형식이 올바르지 않습니다." }, { status: 400 });
  }
}
